import { describe, expect, it } from 'vitest';
import { can } from './access.js';
import { builtRoutes, consoleRoutes, flattenRoutes } from './routes.js';

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
    expect(kept).not.toContain('ssoCompanies');
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
  it('true and undefined mean any signed-in user', () => {
    expect(can([], true)).toBe(true);
    expect(can([], undefined)).toBe(true);
  });
});
