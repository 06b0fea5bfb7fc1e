import { can, consoleRoutes, flattenRoutes, routeAuth, ssoPages } from '@rookery/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const PASSWORD = 'sso-user-pass-123';

/** Give an SSO user's staff account a password (an admin reset) so the test can sign in as it. */
async function signInAs(user: { staffUserId: number; username: string }) {
  await ctx.adminOk('PUT', `/api/v1/user/${user.staffUserId}`, { pwd: PASSWORD });
  return ctx.login(user.username, PASSWORD);
}

const session = async (token: string) => (await ctx.call('GET', '/api/v1/session', { token })).json().data;

describe('the page registry', () => {
  it('equals the route table: every signed-in leaf page once, with its rule', async () => {
    const pages = await ctx.adminOk('GET', '/api/v1/sso/pages');
    const leaves = flattenRoutes(consoleRoutes).filter(
      (r) => !r.public && !r.hasChildren && !['refresh', 'redirect'].includes(r.name),
    );
    expect(pages.map((p: { name: string }) => p.name)).toEqual(leaves.map((r) => r.name));
    for (const p of pages) {
      expect(p.rule).toEqual(routeAuth(p.name));
      expect(p.path).toBe(leaves.find((r) => r.name === p.name)?.fullPath);
    }
    expect(pages).toHaveLength(ssoPages.length);
    // A page only a built-in role opens has nothing an SSO role can give.
    expect(pages.find((p: { name: string }) => p.name === 'systemRoleManage')).toMatchObject({
      grants: [],
      grantable: false,
    });
  });
});

describe('companies, SSO roles and SSO users', () => {
  let company: { id: number };
  let logRole: { id: number };
  let giftRole: { id: number };

  it('creates a company; a bad domain, a taken name or domain is refused and nothing is written', async () => {
    company = await ctx.adminOk('POST', '/api/v1/sso/companies', {
      name: 'Pine Studio',
      emailDomains: ['Pine.example.com', 'pine.example.com'],
    });
    expect(company).toMatchObject({ name: 'Pine Studio', emailDomains: ['pine.example.com'], enabled: true });
    const before = await ctx.fingerprint();
    const bad = await ctx.admin(
      'POST',
      '/api/v1/sso/companies',
      { name: 'X', emailDomains: ['not a domain'] },
      'zh-CN',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('邮箱域名格式不正确');
    expect((await ctx.admin('POST', '/api/v1/sso/companies', { name: 'pine studio' })).statusCode).toBe(409);
    const domain = await ctx.admin('POST', '/api/v1/sso/companies', {
      name: 'Other',
      emailDomains: ['pine.example.com'],
    });
    expect(domain.statusCode).toBe(409);
    expect(domain.json().msg).toMatch(/Another company already has this email domain/);
    expect(await ctx.fingerprint()).toEqual(before);
  });

  it('creates SSO roles from the registry; unknown and role-only pages are refused', async () => {
    logRole = await ctx.adminOk('POST', '/api/v1/sso/roles', {
      companyId: company.id,
      name: 'Log readers',
      pages: ['systemLog'],
    });
    expect(logRole).toMatchObject({ companyName: 'Pine Studio', pages: ['systemLog'], userCount: 0 });
    giftRole = await ctx.adminOk('POST', '/api/v1/sso/roles', {
      companyId: company.id,
      name: 'Gift codes',
      pages: ['giftCodeList'],
    });
    const unknown = await ctx.admin('POST', '/api/v1/sso/roles', { companyId: company.id, name: 'x', pages: ['nope'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('not in the page registry');
    const roleOnly = await ctx.admin('POST', '/api/v1/sso/roles', {
      companyId: company.id,
      name: 'y',
      pages: ['systemRoleManage'],
    });
    expect(roleOnly.statusCode).toBe(400);
    expect(roleOnly.body).toContain('only to built-in roles');
    expect(
      (
        await ctx.admin('POST', '/api/v1/sso/roles', {
          companyId: company.id,
          name: 'log READERS',
          pages: ['systemLog'],
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await ctx.admin('POST', '/api/v1/sso/roles', { companyId: 999999, name: 'z', pages: ['systemLog'] })).statusCode,
    ).toBe(400);
  });

  it('an SSO user is a staff account whose access is its role ∪ its SSO roles’ pages, in the guard and on the server', async () => {
    const user = await ctx.adminOk('POST', '/api/v1/sso/users', {
      email: 'Ann@pine.example.com',
      name: 'Ann',
      companyId: company.id,
      roleIds: [logRole.id],
    });
    expect(user).toMatchObject({
      email: 'Ann@pine.example.com',
      username: 'ann@pine.example.com',
      consoleRole: null,
      roles: [{ id: logRole.id, name: 'Log readers' }],
      enabled: true,
    });
    // The staff account exists with the email (what the first OIDC sign-in matches).
    const staff = await ctx.adminOk('GET', `/api/v1/user/${user.staffUserId}`);
    expect(staff).toMatchObject({ email: 'Ann@pine.example.com', status: 'active', role: null });

    const token = await signInAs(user);
    const { access } = await session(token);
    expect(access).toEqual(['sysLogQuery']);
    // The guard: exactly the role's pages open among the registry.
    const opens = ssoPages.filter((p) => can(access, p.rule)).map((p) => p.name);
    expect(opens).toContain('systemLog');
    expect(opens).not.toContain('giftCodeList');
    // The server reads the same access.
    const log = `/api/v1/system/log?start=2020-01-01T00:00:00Z&end=2099-01-01T00:00:00Z`;
    expect((await ctx.call('GET', log, { token })).statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/v1/giftcode/batches', { token })).statusCode).toBe(403);

    // Adding the gift-code role opens its pages at once; a console role adds its own.
    await ctx.adminOk('PUT', `/api/v1/sso/users/${user.id}`, {
      companyId: company.id,
      roleIds: [logRole.id, giftRole.id],
      consoleRole: null,
    });
    expect((await ctx.call('GET', '/api/v1/giftcode/batches', { token })).statusCode).toBe(200);
    expect((await session(token)).access.sort()).toEqual(['giftCodeQuery', 'sysLogQuery']);

    // A disabled company takes the SSO roles' access away.
    await ctx.adminOk('PUT', `/api/v1/sso/companies/${company.id}`, {
      name: 'Pine Studio',
      emailDomains: ['pine.example.com'],
      enabled: false,
    });
    expect((await ctx.call('GET', log, { token })).statusCode).toBe(403);
    await ctx.adminOk('PUT', `/api/v1/sso/companies/${company.id}`, {
      name: 'Pine Studio',
      emailDomains: ['pine.example.com'],
      enabled: true,
    });
    expect((await ctx.call('GET', log, { token })).statusCode).toBe(200);

    // A role in use cannot be deleted.
    expect((await ctx.admin('DELETE', `/api/v1/sso/roles/${logRole.id}`)).statusCode).toBe(409);

    // Disabling the SSO user disables the staff account and ends its sessions.
    await ctx.adminOk('PUT', `/api/v1/sso/users/${user.id}`, {
      companyId: company.id,
      roleIds: [logRole.id],
      consoleRole: null,
      enabled: false,
    });
    expect((await ctx.call('GET', log, { token })).statusCode).toBe(401);
    expect((await ctx.adminOk('GET', `/api/v1/user/${user.staffUserId}`)).status).toBe('disabled');
    const again = await ctx.call('POST', '/api/v1/login', { body: { username: user.username, password: PASSWORD } });
    expect(again.statusCode).not.toBe(200);
  });

  it('refuses an email outside the company’s domains, a taken email and another company’s role; nothing half-made', async () => {
    const other = await ctx.adminOk('POST', '/api/v1/sso/companies', {
      name: 'Oak',
      emailDomains: ['oak.example.com'],
    });
    const before = await ctx.fingerprint();
    const outside = await ctx.admin(
      'POST',
      '/api/v1/sso/users',
      { email: 'bob@elsewhere.example.com', companyId: company.id, roleIds: [] },
      'zh-CN',
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.body).toContain('邮箱域名不属于该公司');
    const foreignRole = await ctx.admin('POST', '/api/v1/sso/users', {
      email: 'bob@oak.example.com',
      companyId: other.id,
      roleIds: [logRole.id],
    });
    expect(foreignRole.statusCode).toBe(400);
    const taken = await ctx.admin('POST', '/api/v1/sso/users', {
      email: 'ann@pine.example.com',
      companyId: company.id,
      roleIds: [],
    });
    expect(taken.statusCode).toBe(409);
    expect(await ctx.fingerprint()).toEqual(before);
  });

  it('nobody hands out more than they hold: an SSO-role editor cannot put pages they cannot open in a role', async () => {
    const editor = await ctx.userWithPermissions('ssoEditors', ['ssoRoleCreate', 'ssoRoleQuery', 'sysLogQuery']);
    const ok = await ctx.call('POST', '/api/v1/sso/roles', {
      token: editor.token,
      body: { companyId: company.id, name: 'Logs 2', pages: ['systemLog'] },
    });
    expect(ok.statusCode).toBe(200);
    const more = await ctx.call('POST', '/api/v1/sso/roles', {
      token: editor.token,
      body: { companyId: company.id, name: 'Gifts 2', pages: ['giftCodeList'] },
    });
    expect(more.statusCode).toBe(403);
  });

  it('lists users by company and email, and pages companies and roles', async () => {
    const users = await ctx.adminOk('GET', `/api/v1/sso/users?companyId=${company.id}&email=ann`);
    expect(users.list.map((u: { email: string }) => u.email)).toEqual(['Ann@pine.example.com']);
    expect((await ctx.adminOk('GET', '/api/v1/sso/users?email=nobody')).list).toEqual([]);
    const companies = await ctx.adminOk('GET', '/api/v1/sso/companies?name=pine');
    expect(companies.list[0]).toMatchObject({ name: 'Pine Studio', userCount: 1 });
    const roles = await ctx.adminOk('GET', `/api/v1/sso/roles?companyId=${company.id}`);
    expect(roles.list.length).toBeGreaterThanOrEqual(3);
  });
});

describe('view as role', () => {
  it('previews a console role and an SSO role: the access a session of it holds', async () => {
    const roles = await ctx.adminOk('GET', '/api/v1/role?pageSize=100');
    const service = roles.datas.find((r: { roleName: string }) => r.roleName === 'service');
    const preview = await ctx.adminOk('GET', `/api/v1/sso/preview/role/${service.id}`);
    expect(preview.name).toBe('service');
    expect(preview.access).toEqual(['service', ...service.content]);
    const company = await ctx.adminOk('POST', '/api/v1/sso/companies', { name: 'Preview Co' });
    const role = await ctx.adminOk('POST', '/api/v1/sso/roles', {
      companyId: company.id,
      name: 'Gifts',
      pages: ['giftCodeList', 'giftCodeUserQuery'],
    });
    const ssoPreview = await ctx.adminOk('GET', `/api/v1/sso/preview/sso-role/${role.id}`);
    expect(ssoPreview.access.sort()).toEqual(['giftCodeHistoryQuery', 'giftCodeQuery']);
  });

  it('the server refuses every change carrying the preview marker; reads pass', async () => {
    const before = await ctx.fingerprint();
    const headers = { authorization: ctx.adminToken, 'x-rookery-preview': 'role:service', 'accept-language': 'en-US' };
    const change = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/sso/companies',
      headers,
      payload: { name: 'Refused Co' },
    });
    expect(change.statusCode).toBe(403);
    expect(change.json().msg).toMatch(/previewing as a role/);
    const role = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/role',
      headers,
      payload: { roleName: 'refused', content: [] },
    });
    expect(role.statusCode).toBe(403);
    expect(await ctx.fingerprint()).toEqual(before);
    const read = await ctx.app.inject({ method: 'GET', url: '/api/v1/sso/companies', headers });
    expect(read.statusCode).toBe(200);
  });
});
