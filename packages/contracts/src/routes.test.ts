import { describe, expect, it } from 'vitest';
import { type AccessRule, can, setMissingRulePolicy } from './access.js';
import {
  builtRoutes,
  consoleRoutes,
  flattenRoutes,
  menuOwner,
  pathTo,
  type RouteName,
  routeAuth,
} from './routes/index.js';

describe('console route table', () => {
  const all = flattenRoutes(consoleRoutes);

  it('names and full paths are unique', () => {
    const names = all.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    const paths = all.map((r) => r.fullPath);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('resolves relative and absolute child paths and inherits auth', () => {
    const byName = Object.fromEntries(all.map((r) => [r.name, r]));
    expect(byName.emailList.fullPath).toBe('/email/list');
    expect(byName.giftCodeList.fullPath).toBe('/giftcode/list');
    expect(byName.gameUserIndex.auth).toEqual(byName.gameUser.auth);
    expect(byName.login.auth).toBeUndefined();
  });

  it('every redirect points at a route of the table', () => {
    const paths = new Set(all.map((r) => r.fullPath));
    for (const r of all.filter((r) => r.redirect)) expect(paths, r.name).toContain(r.redirect);
  });

  it('keeps a group only while one of its children is built', () => {
    const kept = flattenRoutes(builtRoutes()).map((r) => r.name);
    expect(kept).toContain('systemUserList');
    // A group none of whose pages is built (the developer tools) is left out, with its pages.
    expect(kept).not.toContain('devtool');
    expect(kept).not.toContain('devtoolAccount');
    for (const r of flattenRoutes(builtRoutes())) expect(r.hasChildren || r.built, r.name).toBeTruthy();
  });
});

describe('can', () => {
  it('passes admin and maxRole everywhere', () => {
    expect(can(['admin'], ['sysLogQuery'])).toBe(true);
    expect(can(['maxRole'], ['anything'])).toBe(true);
  });
  it('passes when the access list holds any listed name', () => {
    expect(can(['service', 'userQuery'], ['tester', 'userQuery'])).toBe(true);
    expect(can(['service', 'userQuery'], ['tester', 'sysLogQuery'])).toBe(false);
  });
  it('true means any signed-in user', () => {
    expect(can([], true)).toBe(true);
  });
  it('a missing rule is a programming error: it throws here, and denies in production', () => {
    expect(() => can(['admin'], undefined as unknown as AccessRule)).toThrow(/Access rule missing/);
    setMissingRulePolicy('deny');
    try {
      expect(can(['admin'], undefined as unknown as AccessRule)).toBe(false);
      expect(can(['maxRole'], null as unknown as AccessRule)).toBe(false);
    } finally {
      setMissingRulePolicy('throw');
    }
  });
});

describe('pathTo and routeAuth', () => {
  it('builds a page path from its name, params and query', () => {
    expect(pathTo('emailList')).toBe('/email/list');
    expect(pathTo('gameUserDetail', undefined, { userId: 1042 })).toBe('/user/detail?userId=1042');
    expect(pathTo('emailEdit', undefined, { mailScope: 'global', id: undefined, x: '' })).toBe(
      '/email/listedit?mailScope=global',
    );
    expect(pathTo('piggyBankEdit', { id: 'a b' })).toBe('/purchase/piggyBankEdit/a%20b');
    expect(pathTo('redirect', { route: 'x' })).toBe('/redirect/x');
  });
  it('throws on an unknown name or a missing parameter', () => {
    expect(() => pathTo('nope' as RouteName)).toThrow(/Unknown console route 'nope'/);
    expect(() => pathTo('piggyBankEdit')).toThrow(/needs the parameter 'id'/);
    expect(() => routeAuth('nope' as RouteName)).toThrow(/Unknown console route/);
  });
  it('gives the inherited rule, and true for public pages', () => {
    expect(routeAuth('gameUserIndex')).toEqual(routeAuth('gameUser'));
    expect(routeAuth('systemLog')).toEqual(['sysLogQuery']);
    expect(routeAuth('login')).toBe(true);
  });
  it('a wrong name is a type error', () => {
    // @ts-expect-error: not a route of the table
    expect(() => pathTo('emailLists')).toThrow();
  });
});

describe('menu owners of hidden pages', () => {
  const all = flattenRoutes(consoleRoutes);
  const byName = new Map(all.map((r) => [r.name, r]));
  it('every page hidden from the menu inside a group names a menu entry of its group', () => {
    for (const r of all.filter((r) => r.hideInMenu && r.trail.length > 1 && !r.hasChildren)) {
      const owner = byName.get(r.activeMenu ?? '');
      expect(owner, r.name).toBeDefined();
      expect(owner?.hideInMenu, r.name).toBeFalsy();
      expect(owner?.trail[0], r.name).toBe(r.trail[0]);
      for (const name of Object.values(r.activeMenuBy?.names ?? {}))
        expect(byName.get(name)?.trail[0]).toBe(r.trail[0]);
    }
  });
  it('picks the owner by query where declared', () => {
    const edit = byName.get('emailEdit')!;
    expect(menuOwner(edit, new URLSearchParams('mailScope=global'))).toBe('emailGlobal');
    expect(menuOwner(edit, new URLSearchParams('mailScope=personal'))).toBe('emailList');
    expect(menuOwner(byName.get('gameUserDetail')!)).toBe('gameUserIndex');
    expect(menuOwner(byName.get('systemLog')!)).toBe('systemLog');
  });
});
