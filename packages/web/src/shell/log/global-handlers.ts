import { logError } from './error-log';

function describe(reason: unknown): string {
  if (reason instanceof Error) return reason.message;
  if (reason && typeof reason === 'object' && 'msg' in reason) return String((reason as { msg: unknown }).msg);
  return String(reason);
}

/** Uncaught errors and unhandled rejections go to the log indicator (spec §8). */
export function installGlobalErrorHandlers() {
  window.addEventListener('error', (event) => {
    logError('script', event.message || describe(event.error));
  });
  window.addEventListener('unhandledrejection', (event) => {
    logError('rejection', describe(event.reason));
  });
}
