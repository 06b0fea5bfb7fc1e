import { useEffect } from 'react';

/** What Tab can reach inside a dialog (antd's hidden focus sentinels are `aria-hidden`). */
export const tabbable = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type=hidden])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
]
  .map((s) => `${s}:not([aria-hidden=true])`)
  .join(', ');

export const shown = (el: HTMLElement) =>
  el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';

/**
 * The next element Tab (or Shift+Tab) should focus when it would leave `dialog`, or null when the
 * browser's own move stays inside it (proven by the keyboard-only browser test).
 */
export function wrapTarget(dialog: HTMLElement, active: Element | null, back: boolean): HTMLElement | null {
  const items = [...dialog.querySelectorAll<HTMLElement>(tabbable)].filter(shown);
  if (items.length === 0) return null;
  const first = items[0];
  const last = items[items.length - 1];
  if (!active || !dialog.contains(active)) return back ? last : first;
  if (!back && active === last) return first;
  if (back && active === first) return last;
  return null;
}

/**
 * Tab and Shift+Tab cycle inside the topmost open dialog (WCAG 2.4.3; the consequence
 * confirmations above all). antd's own lock pulls the focus back only once it has landed on the
 * page behind, and after the last control it lets it go to the browser's UI and then to the page's
 * skip link. One listener for every dialog of the console, in the shell.
 */
export function useTabStaysInDialogs() {
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Tab' || e.defaultPrevented) return;
      const open = [...document.querySelectorAll<HTMLElement>('.ant-modal-wrap')].filter(shown);
      const top = open[open.length - 1];
      if (!top) return;
      const target = wrapTarget(top, document.activeElement, e.shiftKey);
      if (!target) return;
      e.preventDefault();
      target.focus();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);
}
