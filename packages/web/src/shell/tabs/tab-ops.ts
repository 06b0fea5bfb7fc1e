/**
 * The multi-tab bar as pure operations over a list of tab entries (spec §2). The zustand store
 * in ./store.ts only holds the list and saves it; every rule lives here, tested without a browser.
 */
export interface TabMeta {
  /** i18n key of the title (`routes.<name>`). */
  title: string;
  icon?: string;
  /** Keep the page alive while its tab is open (route `cache: true`). */
  cache?: boolean;
  /** The index tab: always present, never closed. */
  affix?: boolean;
  /** Bumped by refresh: the page remounts. */
  version?: number;
  /** The record the page shows (the value of its route's record query): titled with it. */
  record?: string;
}

export interface TabEntry {
  name: string;
  fullPath: string;
  params: Record<string, string>;
  query: Record<string, string>;
  /** The query parameter naming the record the page shows (route `recordQuery`), if any. */
  recordQuery?: string;
  meta: TabMeta;
}

/**
 * A tab stands for a path, plus the record it shows where its route names a record query (two
 * player details are two tabs); any other query can change while it stays the same tab.
 */
export function tabKey(fullPathOrTab: string | TabEntry, recordQuery?: string): string {
  const fullPath = typeof fullPathOrTab === 'string' ? fullPathOrTab : fullPathOrTab.fullPath;
  const param = typeof fullPathOrTab === 'string' ? recordQuery : fullPathOrTab.recordQuery;
  const [path, search = ''] = fullPath.split('#')[0].split('?');
  const record = param ? new URLSearchParams(search).get(param) : null;
  return record ? `${path}?${new URLSearchParams({ [param!]: record })}` : path;
}

/** The outcome of a close: the new list, and where to go when the current page was closed. */
export interface CloseResult {
  tabs: TabEntry[];
  navigateTo?: string;
}

/** Opening an open tab (same key) updates it; otherwise the tab is added at the end. */
export function openTab(tabs: readonly TabEntry[], entry: TabEntry): TabEntry[] {
  const index = tabs.findIndex((t) => tabKey(t) === tabKey(entry));
  if (index === -1) return [...tabs, entry];
  const next = [...tabs];
  next[index] = { ...entry, meta: { ...entry.meta, version: tabs[index].meta.version } };
  return next;
}

/**
 * Closing the current tab goes to the previous neighbour if it was the last one, else to the
 * next one; the affix tab is never closed, so `home` is only the last resort.
 */
export function closeTab(tabs: readonly TabEntry[], key: string, activeKey: string, home: string): CloseResult {
  const index = tabs.findIndex((t) => tabKey(t) === key);
  if (index === -1 || tabs[index].meta.affix) return { tabs: [...tabs] };
  const next = tabs.filter((_, i) => i !== index);
  if (key !== activeKey) return { tabs: next };
  const neighbour = index === tabs.length - 1 ? tabs[index - 1] : tabs[index + 1];
  return { tabs: next, navigateTo: neighbour?.fullPath ?? home };
}

function keepWhere(
  tabs: readonly TabEntry[],
  keep: (tab: TabEntry, index: number) => boolean,
  activeKey: string,
  fallback: string,
): CloseResult {
  const next = tabs.filter((t, i) => t.meta.affix || keep(t, i));
  const activeKept = next.some((t) => tabKey(t) === activeKey);
  return { tabs: next, navigateTo: activeKept ? undefined : fallback };
}

function pivot(tabs: readonly TabEntry[], key: string) {
  const index = tabs.findIndex((t) => tabKey(t) === key);
  return { index, tab: tabs[index] };
}

/** Close the tabs left of `key` (the affix tab stays); if the current one went, open `key`. */
export function closeLeftTabs(tabs: readonly TabEntry[], key: string, activeKey: string): CloseResult {
  const { index, tab } = pivot(tabs, key);
  if (index === -1) return { tabs: [...tabs] };
  return keepWhere(tabs, (_, i) => i >= index, activeKey, tab.fullPath);
}

export function closeRightTabs(tabs: readonly TabEntry[], key: string, activeKey: string): CloseResult {
  const { index, tab } = pivot(tabs, key);
  if (index === -1) return { tabs: [...tabs] };
  return keepWhere(tabs, (_, i) => i <= index, activeKey, tab.fullPath);
}

export function closeOtherTabs(tabs: readonly TabEntry[], key: string, activeKey: string): CloseResult {
  const { index, tab } = pivot(tabs, key);
  if (index === -1) return { tabs: [...tabs] };
  return keepWhere(tabs, (_, i) => i === index, activeKey, tab.fullPath);
}

/** Only the affix tab remains; the user lands on it. */
export function closeAllTabs(tabs: readonly TabEntry[], activeKey: string, home: string): CloseResult {
  return keepWhere(tabs, () => false, activeKey, home);
}

/** Remount a tab's page (its version changes, and the page is keyed by it). */
export function refreshTab(tabs: readonly TabEntry[], key: string): TabEntry[] {
  return tabs.map((t) => (tabKey(t) === key ? { ...t, meta: { ...t.meta, version: (t.meta.version ?? 0) + 1 } } : t));
}

/**
 * Rebuild saved tabs after a reload. `resolve` turns a saved full path into a fresh entry, or
 * null when the page is unknown or the user may not open it; such entries are dropped. The affix
 * tabs come first and exactly once.
 */
export function restoreTabs(
  saved: unknown,
  resolve: (fullPath: string) => TabEntry | null,
  affix: readonly TabEntry[],
): TabEntry[] {
  const paths = Array.isArray(saved)
    ? saved.flatMap((s) => (s && typeof s === 'object' && typeof s.fullPath === 'string' ? [s.fullPath as string] : []))
    : [];
  let tabs: TabEntry[] = [...affix];
  for (const fullPath of paths) {
    const entry = resolve(fullPath);
    if (entry && !entry.meta.affix) tabs = openTab(tabs, entry);
  }
  return tabs;
}

/** The cached pages to keep mounted: open tabs whose route asks for it. */
export function keptAliveKeys(tabs: readonly TabEntry[]): string[] {
  return tabs.filter((t) => t.meta.cache).map((t) => tabKey(t));
}
