import { describe, expect, it } from 'vitest';
import {
  closeAllTabs,
  closeLeftTabs,
  closeOtherTabs,
  closeRightTabs,
  closeTab,
  keptAliveKeys,
  openTab,
  refreshTab,
  restoreTabs,
  type TabEntry,
  tabKey,
} from './tab-ops';

const home = '/dashboard/console';
const tab = (fullPath: string, meta: Partial<TabEntry['meta']> = {}): TabEntry => ({
  name: fullPath,
  fullPath,
  params: {},
  query: {},
  meta: { title: `routes.${fullPath}`, ...meta },
});
const index = tab(home, { affix: true });
const [a, b, c] = [tab('/a'), tab('/b'), tab('/c')];
const paths = (tabs: TabEntry[]) => tabs.map((t) => t.fullPath);

describe('openTab', () => {
  it('adds an unknown path at the end', () => {
    expect(paths(openTab([index, a], b))).toEqual([home, '/a', '/b']);
  });
  it('updates an open path in place instead of adding it twice', () => {
    const tabs = openTab([index, tab('/a?id=1'), b], tab('/a?id=2'));
    expect(paths(tabs)).toEqual([home, '/a?id=2', '/b']);
  });
  it('keeps the refresh version of an updated tab', () => {
    const tabs = openTab(refreshTab([index, a], '/a'), tab('/a?x=1'));
    expect(tabs[1].meta.version).toBe(1);
  });
});

describe('closeTab', () => {
  const tabs = [index, a, b, c];
  it('goes to the next neighbour when the current tab was not the last', () => {
    expect(closeTab(tabs, '/b', '/b', home)).toEqual({ tabs: [index, a, c], navigateTo: '/c' });
  });
  it('goes to the previous neighbour when the current tab was the last', () => {
    expect(closeTab(tabs, '/c', '/c', home)).toEqual({ tabs: [index, a, b], navigateTo: '/b' });
  });
  it('stays put when closing a tab that is not current', () => {
    expect(closeTab(tabs, '/a', '/c', home)).toEqual({ tabs: [index, b, c] });
  });
  it('never closes the index tab', () => {
    expect(closeTab(tabs, home, home, home).tabs).toEqual(tabs);
  });
  it('goes to index when no other tab remains', () => {
    expect(closeTab([a], '/a', '/a', home)).toEqual({ tabs: [], navigateTo: home });
  });
});

describe('close left, right, others, all', () => {
  const tabs = [index, a, b, c];
  it('closes the tabs left of the pivot but keeps index', () => {
    expect(closeLeftTabs(tabs, '/b', '/b')).toEqual({ tabs: [index, b, c], navigateTo: undefined });
  });
  it('opens the pivot when the current tab was closed on the left', () => {
    expect(closeLeftTabs(tabs, '/b', '/a')).toEqual({ tabs: [index, b, c], navigateTo: '/b' });
  });
  it('closes the tabs right of the pivot', () => {
    expect(closeRightTabs(tabs, '/a', '/c')).toEqual({ tabs: [index, a], navigateTo: '/a' });
    expect(closeRightTabs(tabs, '/b', '/a').tabs).toEqual([index, a, b]);
  });
  it('closes every other tab but index', () => {
    expect(closeOtherTabs(tabs, '/b', '/b')).toEqual({ tabs: [index, b], navigateTo: undefined });
    expect(closeOtherTabs(tabs, '/c', '/a').navigateTo).toBe('/c');
  });
  it('closes all but index and lands there', () => {
    expect(closeAllTabs(tabs, '/b', home)).toEqual({ tabs: [index], navigateTo: home });
    expect(closeAllTabs(tabs, home, home)).toEqual({ tabs: [index], navigateTo: undefined });
  });
});

describe('restoreTabs', () => {
  const resolve = (fullPath: string) =>
    fullPath.startsWith('/forbidden') || fullPath.startsWith('/gone') ? null : tab(fullPath);
  it('drops unknown and forbidden pages and keeps index first', () => {
    const saved = [tab('/a'), tab('/gone'), tab('/forbidden/x'), tab('/b?id=3'), index];
    expect(paths(restoreTabs(saved, resolve, [index]))).toEqual([home, '/a', '/b?id=3']);
  });
  it('survives garbage', () => {
    expect(restoreTabs('nonsense', resolve, [index])).toEqual([index]);
    expect(restoreTabs([null, 3, { fullPath: 7 }], resolve, [index])).toEqual([index]);
  });
});

describe('refresh and keep-alive', () => {
  it('bumps only the refreshed tab', () => {
    const tabs = refreshTab(refreshTab([index, a, b], '/a'), '/a');
    expect(tabs.map((t) => t.meta.version)).toEqual([undefined, 2, undefined]);
  });
  it('keeps alive only tabs whose route asks for it', () => {
    expect(keptAliveKeys([index, tab('/list?p=2', { cache: true }), b])).toEqual(['/list']);
  });
  it('keys a tab by its path without query', () => {
    expect(tabKey('/a/b?x=1#h')).toBe('/a/b');
  });
});

describe('tabs of records', () => {
  const detail = (query: string): TabEntry => ({ ...tab(`/user/detail?${query}`), recordQuery: 'userId' });
  it('keys a record page by its path and the record query only', () => {
    expect(tabKey(detail('userId=1042&from=search'))).toBe('/user/detail?userId=1042');
    expect(tabKey('/user/detail?from=x&userId=7#h', 'userId')).toBe('/user/detail?userId=7');
    expect(tabKey(detail('from=search'))).toBe('/user/detail');
  });
  it('opens two records of one page as two tabs, and the same record once', () => {
    let tabs = openTab([index], detail('userId=1'));
    tabs = openTab(tabs, detail('userId=2'));
    tabs = openTab(tabs, detail('userId=1&tab=mails'));
    expect(paths(tabs)).toEqual([home, '/user/detail?userId=1&tab=mails', '/user/detail?userId=2']);
  });
  it('closes one record tab and goes to the other', () => {
    const tabs = [index, detail('userId=1'), detail('userId=2')];
    expect(closeTab(tabs, '/user/detail?userId=2', '/user/detail?userId=2', home)).toEqual({
      tabs: [index, tabs[1]],
      navigateTo: '/user/detail?userId=1',
    });
  });
});
