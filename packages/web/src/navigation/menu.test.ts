import { builtRoutes, type ConsoleRoute, consoleRoutes, defaultRoleGrants, zhEn } from '@rookery/contracts';
import { describe, expect, it } from 'vitest';
import { buildMenu, menuLeafKeys, selectedMenuKey } from './menu';
import { routeByName } from './route-index';

const title = zhEn('页', 'Page');

const off = { sso: false, preRelease: false };
const accessOf = (role: keyof typeof defaultRoleGrants) => [role, ...defaultRoleGrants[role]];

describe('buildMenu', () => {
  it('shows admin and maxRole every built entry, nothing hidden', () => {
    const keys = menuLeafKeys(buildMenu(builtRoutes(), { ...off, access: ['admin'] }));
    expect(keys).toEqual(
      expect.arrayContaining(['/dashboard/console', '/system/userlist', '/system/role-manage', '/system/log']),
    );
    expect(keys).not.toContain('/system/useredit');
    expect(keys).not.toContain('/login');
    expect(menuLeafKeys(buildMenu(builtRoutes(), { ...off, access: ['maxRole'] }))).toEqual(keys);
  });

  it('shows a tester registration approval but not staff users', () => {
    const keys = menuLeafKeys(buildMenu(builtRoutes(), { ...off, access: accessOf('tester') }));
    expect(keys).toContain('/system/allow');
    expect(keys).not.toContain('/system/userlist');
    expect(keys).not.toContain('/system/log');
  });

  it('drops a parent whose children are all hidden', () => {
    const menu = buildMenu(builtRoutes(), { ...off, access: accessOf('service') });
    expect(menu.map((e) => e.name)).not.toContain('system');
    expect(menu.map((e) => e.name)).toContain('dashboard');
  });

  it('shows sso-only entries only when SSO is on', () => {
    const all = consoleRoutes.map((r) => ({
      ...r,
      built: true,
      children: r.children?.map((c) => ({ ...c, built: true })),
    }));
    const withSso = menuLeafKeys(buildMenu(all, { access: ['admin'], sso: true, preRelease: false }));
    const without = menuLeafKeys(buildMenu(all, { access: ['admin'], sso: false, preRelease: false }));
    expect(withSso).toContain('/habbyauth/companies');
    expect(without).not.toContain('/habbyauth/companies');
  });

  it('reduces pre-release hosts to the purchase entry and hides the order menu', () => {
    const routes: ConsoleRoute[] = [
      {
        path: '/purchase',
        name: 'purchase',
        title,
        children: [{ path: 'plist', name: 'purchaseList', title, built: true }],
      },
      {
        path: '/order',
        name: 'order',
        title,
        hideOnPreRelease: true,
        children: [{ path: 'list', name: 'orderList', title }],
      },
      { path: '/system', name: 'system', title, children: [{ path: 'log', name: 'systemLog', title }] },
    ];
    const pre = buildMenu(routes, { access: ['admin'], sso: false, preRelease: true });
    expect(pre.map((e) => e.name)).toEqual(['purchase']);
    const normal = buildMenu(routes, { access: ['admin'], sso: false, preRelease: false });
    expect(normal.map((e) => e.name)).toEqual(['purchase', 'order', 'system']);
  });

  it('inherits the parent auth for children without their own', () => {
    const routes: ConsoleRoute[] = [
      { path: '/a', name: 'a', title, auth: ['x'], children: [{ path: 'b', name: 'b', title }] },
    ];
    expect(buildMenu(routes, { ...off, access: ['y'] })).toEqual([]);
    expect(menuLeafKeys(buildMenu(routes, { ...off, access: ['x'] }))).toEqual(['/a/b']);
  });
});

describe('selectedMenuKey', () => {
  const route = (name: string) => routeByName.get(name)!;
  it('highlights a menu page itself', () => {
    expect(selectedMenuKey(route('systemLog'))).toBe('/system/log');
  });
  it('highlights the list a hidden edit or detail page belongs to', () => {
    expect(selectedMenuKey(route('systemUserEdit'), '?id=3')).toBe('/system/userlist');
    expect(selectedMenuKey(route('systemRoleEdit'))).toBe('/system/role-manage');
    expect(selectedMenuKey(route('gameUserDetail'), '?userId=1042')).toBe('/game-user/index');
    expect(selectedMenuKey(route('emailTemplateEdit'))).toBe('/email/tmplist');
  });
  it('follows the query where the owner depends on it', () => {
    expect(selectedMenuKey(route('emailEdit'), '?mailScope=global')).toBe('/email/global');
    expect(selectedMenuKey(route('emailEdit'), '?mailScope=comeback&id=4')).toBe('/email/comeback');
    expect(selectedMenuKey(route('emailEdit'), '?mailScope=personal')).toBe('/email/list');
  });
  it('every built hidden page highlights an entry of the built menu', () => {
    // With the SSO centre on: its hidden pages (edit company, role, user) highlight its entries.
    const keys = new Set(menuLeafKeys(buildMenu(builtRoutes(), { access: ['admin'], ...off, sso: true })));
    for (const r of [...routeByName.values()].filter((r) => r.hideInMenu && r.trail.length > 1 && !r.hasChildren))
      expect(keys, r.name).toContain(selectedMenuKey(r));
  });
});
