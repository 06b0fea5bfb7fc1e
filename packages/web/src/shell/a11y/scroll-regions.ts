import { useEffect } from 'react';

/** The scrolling parts of antd's tables: the whole table (`scroll.x`) or its body (`scroll.y`). */
const scrollers = '.ant-table-content, .ant-table-body';

/**
 * A table wider than the screen scrolls inside its card; a keyboard user can only scroll it once
 * it takes focus (WCAG 2.1.1, axe `scrollable-region-focusable`). Every table scroller on the
 * page, now and later, becomes a named region in the tab order: arrow keys then scroll it.
 * One observer for the console instead of a prop on each of the kit's and the screens' tables.
 */
export function useFocusableScrollRegions(name: string) {
  useEffect(() => {
    const mark = () => {
      for (const el of document.querySelectorAll(scrollers)) {
        if (el.getAttribute('aria-label') === name) continue;
        el.setAttribute('tabindex', '0');
        el.setAttribute('role', 'region');
        el.setAttribute('aria-label', name);
      }
    };
    mark();
    // Many mutations per render: one pass per frame.
    let frame = 0;
    const observer = new MutationObserver(() => {
      if (!frame)
        frame = requestAnimationFrame(() => {
          frame = 0;
          mark();
        });
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [name]);
}
