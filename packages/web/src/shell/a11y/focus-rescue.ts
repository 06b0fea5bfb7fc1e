import { useEffect } from 'react';
import { shown, tabbable } from './dialog-tab';

/** Layers opened over the page (dialogs, drawers, popups): the focus there still belongs to it. */
const layers =
  '.ant-modal-root, .ant-drawer, [role=dialog], .ant-dropdown, .ant-select-dropdown, .ant-picker-dropdown, .ant-popover';

/** Where the focus last was in the page: the element, and its place in a list's row. */
interface Place {
  element: HTMLElement;
  body: HTMLTableSectionElement | null;
  row: number;
  /** Its position among the row's tabbable elements. */
  within: number;
}

const tabbableIn = (el: Element) => [...el.querySelectorAll<HTMLElement>(tabbable)].filter(shown);

function placeOf(element: HTMLElement): Place {
  const row = element.closest('tr');
  const body = row?.parentElement instanceof HTMLTableSectionElement ? row.parentElement : null;
  return {
    element,
    body,
    row: row && body ? [...body.rows].indexOf(row) : -1,
    within: row ? tabbableIn(row).indexOf(element) : -1,
  };
}

/**
 * Where the focus goes when the element that had it is gone (issue 41 item 7): the row now in the
 * same place of the same list (a row unfrozen or deleted), at the control in the same position;
 * the list's last row when it was the last; else the page's heading. Null when nothing fits.
 */
export function rescueTarget(place: Place, heading: HTMLElement | null): HTMLElement | null {
  const body = place.body?.isConnected ? place.body : null;
  const rows = body ? [...body.rows].filter((r) => r.classList.contains('ant-table-row')) : [];
  if (rows.length) {
    const row = rows[Math.min(Math.max(place.row, 0), rows.length - 1)];
    const items = tabbableIn(row);
    const target = items[Math.min(Math.max(place.within, 0), items.length - 1)];
    if (target) return target;
  }
  return heading;
}

/**
 * Keep the focus in the page when what had it disappears (a row gone after its action, a dialog
 * closing over a removed trigger): the browser would drop it on the body, and the next Tab would
 * start again at the skip link.
 */
export function useFocusRescue(mainId: string) {
  useEffect(() => {
    let last: Place | null = null;
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      const main = document.getElementById(mainId);
      if (!(target instanceof HTMLElement)) return;
      if (main?.contains(target) && target !== main) last = placeOf(target);
      // A dialog, drawer or popup opened from the page keeps the place to come back to.
      else if (!target.closest(layers)) last = null;
    };
    const observer = new MutationObserver(() => {
      if (!last || last.element.isConnected) return;
      const active = document.activeElement;
      if (active && active !== document.body) return;
      const target = rescueTarget(last, document.querySelector<HTMLElement>('.page-heading'));
      last = null;
      target?.focus();
    });
    document.addEventListener('focusin', onFocusIn);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      observer.disconnect();
    };
  }, [mainId]);
}
