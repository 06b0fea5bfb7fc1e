import type { ThemeConfig } from 'antd';
import { useSyncExternalStore } from 'react';
import { useSettings } from '../settings/store';
import { consoleTheme } from './theme';

const reduceMotion = '(prefers-reduced-motion: reduce)';

function subscribe(changed: () => void) {
  const query = window.matchMedia(reduceMotion);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
}

/** Whether the operator's system asks for less motion; follows a change while the console is open. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(reduceMotion).matches,
    () => false,
  );
}

/** The console's antd theme: the user's light or dark setting, still when the system asks for less motion. */
export function useConsoleTheme(): ThemeConfig {
  const dark = useSettings((s) => s.theme === 'dark');
  return consoleTheme(dark ? 'dark' : 'light', !usePrefersReducedMotion());
}
