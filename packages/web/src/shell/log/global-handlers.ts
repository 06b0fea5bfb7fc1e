import { logError } from '../../ui/error-log';

function describe(reason: unknown): string {
  if (reason instanceof Error) return reason.message;
  if (reason && typeof reason === 'object' && 'msg' in reason) return String((reason as { msg: unknown }).msg);
  return String(reason);
}

/**
 * Chromium reports a ResizeObserver callback that resized what it observes as a window error. It is
 * a notice, not a fault (the observer runs again next frame), and antd's tables and overflow menus
 * trigger it on a busy machine; listing it would teach operators to ignore the indicator.
 */
export function isBenignNotice(message: string): boolean {
  return /^ResizeObserver loop (completed with undelivered notifications|limit exceeded)/.test(message);
}

/** Uncaught errors and unhandled rejections go to the log indicator (spec §8). */
export function installGlobalErrorHandlers() {
  window.addEventListener('error', (event) => {
    if (isBenignNotice(event.message ?? '')) return;
    logError('script', event.message || describe(event.error), {
      stack: event.error instanceof Error ? event.error.stack : undefined,
    });
  });
  window.addEventListener('unhandledrejection', (event) => {
    logError('rejection', describe(event.reason), {
      stack: event.reason instanceof Error ? event.reason.stack : undefined,
    });
  });
}
