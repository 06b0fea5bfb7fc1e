import type { TFunction } from 'i18next';

/** The English position antd's tabs announce to a screen reader ("Tab 1 of 6"), fixed in its code. */
const antdPosition = /^Tab (\d+) of (\d+)$/;

/** That announcement in the console's language ("第 1 个标签页，共 6 个"), or null for any other text. */
export function tabPositionText(text: string, t: TFunction): string | null {
  const m = antdPosition.exec(text);
  return m ? t('tabs.position', { n: m[1], total: m[2] }) : null;
}

/**
 * antd words the focused tab's position in English whatever its locale: this rewrites each such
 * announcement (a hidden live region in the tab) in the console's language as it appears. It sets
 * the text node's value, as React does, so React keeps updating the same node.
 */
export function localiseTabAnnouncements(root: Node, t: TFunction): () => void {
  const fix = (node: Node) => {
    if (node.nodeType !== Node.TEXT_NODE) return;
    const text = tabPositionText(node.nodeValue ?? '', t);
    // Only a change: setting the same value is a mutation too, and in English the text is antd's own
    // ("Tab 1 of 6"), so an unconditional write would wake this observer forever.
    if (text !== null && text !== node.nodeValue && (node.parentElement?.getAttribute('aria-live') ?? '') === 'polite')
      node.nodeValue = text;
  };
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'characterData') fix(r.target);
      for (const added of r.addedNodes) {
        fix(added);
        if (added.nodeType !== Node.ELEMENT_NODE) continue;
        const el = added as Element;
        // The live region itself, or any inside what was added.
        const lives = [...(el.matches('[aria-live=polite]') ? [el] : []), ...el.querySelectorAll('[aria-live=polite]')];
        for (const live of lives) for (const child of live.childNodes) fix(child);
      }
    }
  });
  observer.observe(root, { subtree: true, childList: true, characterData: true });
  return () => observer.disconnect();
}
