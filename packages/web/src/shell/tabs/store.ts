import { create } from 'zustand';
import { homeTab, resolveSavedTab } from './tab-entry';
import { restoreTabs, type TabEntry } from './tab-ops';

/** Tabs are saved per user (spec §2): the key carries the user name. */
export const tabsStorageKey = (username: string) => `rookery-tabs:${username}`;

interface TabsState {
  /** Whose tabs these are; they are restored when another user's session appears. */
  owner: string | null;
  tabs: TabEntry[];
  /**
   * The key of the page a close is navigating away from, until the user arrives elsewhere. The
   * router changes the address only once the next page is ready, so a render of the closed page
   * can still commit in between; it must not open that tab again.
   */
  leaving: string | null;
  /** Replace the list (the result of a tab-ops function) and save it. */
  apply(tabs: TabEntry[]): void;
  restoreFor(username: string, access: readonly string[]): void;
}

function readSaved(username: string): unknown {
  try {
    return JSON.parse(localStorage.getItem(tabsStorageKey(username)) ?? '[]');
  } catch {
    return [];
  }
}

export const useTabs = create<TabsState>((set, get) => ({
  owner: null,
  tabs: [homeTab],
  leaving: null,
  apply(tabs) {
    set({ tabs });
    const { owner } = get();
    if (owner) localStorage.setItem(tabsStorageKey(owner), JSON.stringify(tabs));
  },
  restoreFor(username, access) {
    const tabs = restoreTabs(readSaved(username), (fullPath) => resolveSavedTab(fullPath, access), [homeTab]);
    set({ owner: username, tabs });
  },
}));
