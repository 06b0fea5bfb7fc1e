import { useEffect } from 'react';

/** The scrolling parts of antd's tables: the whole table (`scroll.x`) or its body (`scroll.y`). */
const scrollers = '.ant-table-content, .ant-table-body';

const focusables = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Two pieces of antd markup that break WCAG wherever they appear (axe in the console walk):
 * - a table with fixed columns keeps an `aria-hidden` measure row holding copies of its header
 *   (the select-all checkbox, sort buttons), which stay in the tab order (`aria-hidden-focus`):
 *   they leave it;
 * - a page's `Tabs` put `role="tablist"` on the whole bar, so the overflow button sits in the
 *   tablist, which may hold only tabs (`aria-required-children`): the role moves to the list of
 *   tabs (as the shell's tab bar does for itself).
 */
export function fixAntdMarkup(root: ParentNode) {
  for (const row of root.querySelectorAll('.ant-table-measure-row'))
    for (const el of row.querySelectorAll(focusables)) el.setAttribute('tabindex', '-1');
  for (const nav of root.querySelectorAll('.ant-tabs-nav[role=tablist]')) {
    const list = nav.querySelector('.ant-tabs-nav-list');
    if (!list) continue;
    list.setAttribute('role', 'tablist');
    const orientation = nav.getAttribute('aria-orientation');
    if (orientation) list.setAttribute('aria-orientation', orientation);
    nav.removeAttribute('role');
    nav.removeAttribute('aria-orientation');
  }
}

/**
 * A table wider than the screen scrolls inside its card; a keyboard user can only scroll it once
 * it takes focus (WCAG 2.1.1, axe `scrollable-region-focusable`). Every table scroller on the
 * page, now and later, becomes a named region in the tab order: arrow keys then scroll it.
 * One observer for the console instead of a prop on each of the kit's and the screens' tables.
 */
export function useFocusableScrollRegions(name: string) {
  useEffect(() => {
    const mark = () => {
      fixAntdMarkup(document);
      for (const el of document.querySelectorAll(scrollers)) {
        if (el.getAttribute('aria-label') === name) continue;
        el.setAttribute('tabindex', '0');
        el.setAttribute('role', 'region');
        el.setAttribute('aria-label', name);
      }
    };
    mark();
    // Marked in the observer's own callback, a microtask after the change: nothing (a keyboard
    // user's Tab, a check such as axe) runs between a new scroller and its marking. A frame later,
    // as before, left a window: a table that re-rendered after the page settled was checked bare.
    // The callback gets every mutation of a task at once, so this is one pass per task.
    const observer = new MutationObserver(mark);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [name]);
}
