import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/security/password.js';
import { ADMIN_PASSWORD, createTestContext, type TestContext } from '../../test/harness.js';
import { staffUsers } from './tables.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const data = (res: { json(): any }) => res.json().data;

async function auditActions(action?: string) {
  const now = new Date();
  const start = new Date(now.getTime() - 3_600_000).toISOString();
  const end = new Date(now.getTime() + 60_000).toISOString();
  const res = await ctx.call(
    'GET',
    `/api/v1/system/log?start=${start}&end=${end}&pageSize=1000${action ? `&action=${action}` : ''}`,
    {
      token: ctx.adminToken,
    },
  );
  expect(res.statusCode).toBe(200);
  return data(res).list as { action: string; actor: string; target: string; before: any; after: any }[];
}

describe('roles and staff users', () => {
  it('a custom role grants exactly its permissions: 403 on staff users, 200 on the system log', async () => {
    const role = await ctx.call('POST', '/api/v1/role', {
      token: ctx.adminToken,
      body: { roleName: '  auditors ', content: ['sysLogQuery', 'sysLogQuery'] },
    });
    expect(role.statusCode).toBe(200);
    expect(data(role)).toMatchObject({ roleName: 'auditors', content: ['sysLogQuery'], builtIn: false });

    const user = await ctx.call('POST', '/api/v1/user', {
      token: ctx.adminToken,
      body: { username: 'auditor1', pwd: 'auditor-pass-1', role: 'auditors', email: 'auditor1@example.com' },
    });
    expect(user.statusCode).toBe(200);
    const token = await ctx.login('auditor1', 'auditor-pass-1');

    expect((await ctx.call('GET', '/api/v1/user', { token })).statusCode).toBe(403);
    const log = await ctx.call('GET', `/api/v1/system/log?start=2020-01-01T00:00:00Z&end=2099-01-01T00:00:00Z`, {
      token,
    });
    expect(log.statusCode).toBe(200);
    const session = data(await ctx.call('GET', '/api/v1/session', { token }));
    // A custom role's name is no grant: only its permissions count.
    expect(session).toMatchObject({ username: 'auditor1', access: ['sysLogQuery'] });

    const actions = (await auditActions()).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['createRole', 'createStaffUser', 'login']));
  });

  it('a role manager who is not a super user grants only permissions they hold', async () => {
    const { token } = await ctx.userWithPermissions('role-managers', ['sysRoleManage', 'userQuery']);
    const before = await ctx.fingerprint();
    const more = await ctx.call('POST', '/api/v1/role', {
      token,
      body: { roleName: 'too-strong', content: ['userQuery', 'userBanQuery'] },
    });
    expect(more.statusCode).toBe(403);
    expect(more.json().errors[0].field).toBe('content');
    const stronger = (await ctx.call('GET', '/api/v1/role?roleName=operation', { token })).json().data.datas[0];
    const edit = await ctx.call('PUT', `/api/v1/role/${stronger.id}`, {
      token,
      body: { roleName: 'operation', content: [] },
    });
    expect(edit.statusCode).toBe(403);
    expect(await ctx.fingerprint()).toEqual(before);
    const held = await ctx.call('POST', '/api/v1/role', {
      token,
      body: { roleName: 'readers', content: ['userQuery'] },
    });
    expect(held.statusCode).toBe(200);
    // Staff users are another permission.
    expect((await ctx.call('GET', '/api/v1/user', { token })).statusCode).toBe(403);
  });

  it('responses carry timestamps as ISO-8601 UTC strings', async () => {
    const roles = data(await ctx.call('GET', '/api/v1/role', { token: ctx.adminToken })).datas;
    for (const r of roles) {
      expect(r.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(new Date(r.createdAt).toISOString()).toBe(r.createdAt);
    }
    const users = data(await ctx.call('GET', '/api/v1/user', { token: ctx.adminToken })).users;
    expect(users.find((u: any) => u.username === 'admin').lastLoginAt).toMatch(/Z$/);
  });

  it('the permission answer is in the caller’s language', async () => {
    const { token } = await ctx.userWithRole('service');
    const zh = await ctx.call('GET', '/api/v1/user', { token, locale: 'zh-CN' });
    expect(zh.json()).toEqual({ code: 403, msg: '您没有该操作的权限', key: 'http.noPermission' });
    const en = await ctx.call('GET', '/api/v1/user', { token, locale: 'en-US' });
    expect(en.json().msg).toBe('You have no permission for this operation');
  });

  it('role names are unique, built-in roles cannot be deleted, roles in use cannot be deleted', async () => {
    const dup = await ctx.call('POST', '/api/v1/role', {
      token: ctx.adminToken,
      body: { roleName: 'Auditing', content: [] },
    });
    expect(dup.statusCode).toBe(200);
    const again = await ctx.call('POST', '/api/v1/role', {
      token: ctx.adminToken,
      body: { roleName: 'AUDITING', content: [] },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].field).toBe('roleName');

    const roles = data(await ctx.call('GET', '/api/v1/role?roleName=%20tester%20', { token: ctx.adminToken }));
    expect(roles.datas.map((r: any) => r.roleName)).toEqual(['tester']);
    const del = await ctx.call('DELETE', `/api/v1/role/${roles.datas[0].id}`, { token: ctx.adminToken });
    expect(del.statusCode).toBe(400);

    const used = data(
      await ctx.call('POST', '/api/v1/role', { token: ctx.adminToken, body: { roleName: 'inuse', content: [] } }),
    );
    await ctx.call('POST', '/api/v1/user', {
      token: ctx.adminToken,
      body: { username: 'inuse_user', pwd: 'inuse-pass-1', role: 'inuse', email: 'inuse@example.com' },
    });
    expect((await ctx.call('DELETE', `/api/v1/role/${used.id}`, { token: ctx.adminToken })).statusCode).toBe(409);
    const gone = data(
      await ctx.call('POST', '/api/v1/role', { token: ctx.adminToken, body: { roleName: 'temp', content: [] } }),
    );
    expect((await ctx.call('DELETE', `/api/v1/role/${gone.id}`, { token: ctx.adminToken })).statusCode).toBe(200);
    expect((await ctx.call('GET', `/api/v1/role/${gone.id}`, { token: ctx.adminToken })).statusCode).toBe(404);
  });

  it('unknown permissions are refused with a field message and nothing is stored', async () => {
    const before = await ctx.fingerprint();
    const res = await ctx.call('POST', '/api/v1/role', {
      token: ctx.adminToken,
      body: { roleName: 'bogus', content: ['notAPermission'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'content.0', message: 'Unknown permission' }]);
    expect(await ctx.fingerprint()).toEqual(before);
  });

  it('copy makes a new role with the same permissions; renaming a role moves its users', async () => {
    const src = data(
      await ctx.call('POST', '/api/v1/role', {
        token: ctx.adminToken,
        body: { roleName: 'src', content: ['userQuery'] },
      }),
    );
    const copy = await ctx.call('PUT', '/api/v1/role/copy', {
      token: ctx.adminToken,
      body: { roleName: 'src-copy', id: src.id },
    });
    expect(data(copy)).toMatchObject({ roleName: 'src-copy', content: ['userQuery'] });
    const u = await ctx.call('POST', '/api/v1/user', {
      token: ctx.adminToken,
      body: { username: 'mover', pwd: 'mover-pass-1', role: 'src', email: 'mover@example.com' },
    });
    await ctx.call('PUT', `/api/v1/role/${src.id}`, {
      token: ctx.adminToken,
      body: { roleName: 'renamed', content: ['userQuery'] },
    });
    expect(data(await ctx.call('GET', `/api/v1/user/${data(u).id}`, { token: ctx.adminToken })).role).toBe('renamed');
  });

  it('staff list is searched by trimmed email and pages as users/count/pageNum/pageSize', async () => {
    const res = data(
      await ctx.call('GET', '/api/v1/user?email=%20auditor1%40%20&pageSize=5&pageNum=1', { token: ctx.adminToken }),
    );
    expect(res).toMatchObject({ count: 1, pageNum: 1, pageSize: 5 });
    expect(res.users[0].username).toBe('auditor1');
    expect(res.users[0]).not.toHaveProperty('passwordHash');
  });

  it('a password reset (PUT with only pwd) ends the user’s sessions and the new password works', async () => {
    const u = await ctx.userWithRole('operation');
    const res = await ctx.call('PUT', `/api/v1/user/${u.id}`, {
      token: ctx.adminToken,
      body: { pwd: 'brand-new-pass-1' },
    });
    expect(res.statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/v1/session', { token: u.token })).statusCode).toBe(401);
    await ctx.login(u.username, 'brand-new-pass-1');
    const [entry] = await auditActions('resetStaffPassword');
    expect(JSON.stringify(entry)).not.toContain('brand-new-pass-1');
  });

  it('disabling a user ends their session and refuses sign-in like a wrong password', async () => {
    const u = await ctx.userWithRole('tester');
    await ctx.call('PUT', `/api/v1/user/${u.id}`, { token: ctx.adminToken, body: { status: 'disabled' } });
    expect((await ctx.call('GET', '/api/v1/session', { token: u.token })).statusCode).toBe(401);
    const login = await ctx.call('POST', '/api/v1/login', { body: { username: u.username, password: u.password } });
    const wrong = await ctx.call('POST', '/api/v1/login', {
      body: { username: u.username, password: 'not-the-password' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual(wrong.json());
  });

  it('nobody disables or demotes the last admin', async () => {
    const admin = data(await ctx.call('GET', '/api/v1/user?pageSize=1000', { token: ctx.adminToken })).users.find(
      (u: any) => u.username === 'admin',
    );
    const before = await ctx.fingerprint();
    expect(
      (await ctx.call('PUT', `/api/v1/user/${admin.id}`, { token: ctx.adminToken, body: { status: 'disabled' } }))
        .statusCode,
    ).toBe(409);
    expect(
      (await ctx.call('PUT', `/api/v1/user/${admin.id}`, { token: ctx.adminToken, body: { role: 'tester' } }))
        .statusCode,
    ).toBe(409);
    expect(await ctx.fingerprint()).toEqual(before);
  });
});

describe('sessions and passwords', () => {
  it('accepts the token with or without Bearer, and logout ends it', async () => {
    const token = await ctx.login('admin', ADMIN_PASSWORD);
    expect((await ctx.call('GET', '/api/v1/session', { token: `Bearer ${token}` })).statusCode).toBe(200);
    expect((await ctx.call('POST', '/api/v1/logout', { token })).statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/v1/session', { token })).statusCode).toBe(401);
  });

  it('stores only the hash of a session token', async () => {
    const token = await ctx.login('admin', ADMIN_PASSWORD);
    const dump = await ctx.database.db.execute('select token_hash from staff_sessions' as never);
    const text = JSON.stringify(dump);
    expect(text).not.toContain(token);
  });

  it('changing my password checks the old one and ends my other sessions', async () => {
    const u = await ctx.userWithRole('developer');
    const other = await ctx.login(u.username, u.password);
    const wrong = await ctx.call('PUT', '/api/v1/password', {
      token: u.token,
      body: { oldPassword: 'nope-nope', newPassword: 'another-pass-1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].field).toBe('oldPassword');
    const short = await ctx.call('PUT', '/api/v1/password', {
      token: u.token,
      body: { oldPassword: u.password, newPassword: 'short' },
    });
    expect(short.statusCode).toBe(400);
    const ok = await ctx.call('PUT', '/api/v1/password', {
      token: u.token,
      body: { oldPassword: u.password, newPassword: 'another-pass-1' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/v1/session', { token: other })).statusCode).toBe(401);
    expect((await ctx.call('GET', '/api/v1/session', { token: u.token })).statusCode).toBe(200);
  });

  it('throttles a user name after 5 failed sign-ins, even with the right password', async () => {
    const u = await ctx.userWithRole('service');
    for (let i = 0; i < 5; i++) {
      const res = await ctx.call('POST', '/api/v1/login', {
        body: { username: u.username, password: 'wrong-password' },
      });
      expect(res.statusCode).toBe(400);
    }
    const locked = await ctx.call('POST', '/api/v1/login', { body: { username: u.username, password: u.password } });
    expect(locked.statusCode).toBe(429);
  });
});

describe('registration', () => {
  const mail = 'newbie@example.com';
  const outboxCode = async () => {
    const res = data(await ctx.call('GET', `/api/v1/devtool/mail-outbox?to=${mail}`, { token: ctx.adminToken }));
    return /(\d{6})/.exec(res.list[0].body)![1];
  };

  it('validates the form with the spec’s messages', async () => {
    const res = await ctx.call('POST', '/api/register', {
      locale: 'zh-CN',
      body: { mail: 'not-mail', password: '', mobile: '23456789012' },
    });
    expect(res.statusCode).toBe(400);
    const byField = Object.fromEntries(res.json().errors.map((e: any) => [e.field, e.message]));
    expect(byField).toMatchObject({
      mail: '邮箱格式不正确',
      mobile: '手机号格式不正确',
      captcha: '请输入验证码',
    });
    expect(byField.password).toBeDefined();
  });

  it('captcha: one per 60 s per address; wrong codes are refused', async () => {
    expect((await ctx.call('POST', '/api/v1/captcha', { body: { mail } })).statusCode).toBe(200);
    expect((await ctx.call('POST', '/api/v1/captcha', { body: { mail: mail.toUpperCase() } })).statusCode).toBe(429);
    const code = await outboxCode();
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const res = await ctx.call('POST', '/api/register', {
      body: { mail, password: 'newbie-pass-1', mobile: '13800138000', captcha: wrong },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('captcha');
  });

  it('register → pending session sees only its status → approve → sign in with the role', async () => {
    const code = await outboxCode();
    const reg = await ctx.call('POST', '/api/register', {
      body: { mail, password: 'newbie-pass-1', mobile: '13800138000', captcha: code },
    });
    expect(reg.statusCode).toBe(200);
    const { token, uuid, info } = data(reg);
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(info).toEqual({ status: 'pending', mail });

    expect(data(await ctx.call('GET', '/api/v1/register/status', { token })).status).toBe('pending');
    expect((await ctx.call('GET', '/api/v1/permession', { token })).statusCode).toBe(403);
    // Signing in with the right password says no more than a wrong one would.
    const pendingLogin = await ctx.call('POST', '/api/v1/login', {
      body: { username: mail, password: 'newbie-pass-1' },
    });
    expect(pendingLogin.statusCode).toBe(400);
    expect(pendingLogin.json().msg).toBe('Wrong user name or password');

    const { token: tester } = await ctx.userWithRole('tester');
    const pending = data(await ctx.call('GET', '/api/v1/registrations?status=pending', { token: tester }));
    const row = pending.list.find((r: any) => r.username === mail);
    expect(pending.roles).toContain('operation');
    // A tester may approve, but hands out nothing beyond what a tester holds.
    for (const role of ['admin', 'developer', 'operation']) {
      const before = await ctx.fingerprint();
      const escalate = await ctx.call('POST', `/api/v1/registrations/${row.id}/approve`, {
        token: tester,
        body: { role },
      });
      expect(escalate.statusCode, role).toBe(403);
      expect(await ctx.fingerprint()).toEqual(before);
    }
    const ok = await ctx.call('POST', `/api/v1/registrations/${row.id}/approve`, {
      token: tester,
      body: { role: 'tester' },
    });
    expect(data(ok)).toMatchObject({ status: 'active', role: 'tester' });
    const again = await ctx.call('POST', `/api/v1/registrations/${row.id}/approve`, {
      token: tester,
      body: { role: 'tester' },
    });
    expect(again.statusCode).toBe(409);

    const newToken = await ctx.login(mail, 'newbie-pass-1');
    expect(data(await ctx.call('GET', '/api/v1/session', { token: newToken })).access[0]).toBe('tester');
    const actions = (await auditActions()).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['register', 'approveRegistration', 'requestCaptcha']));
  });
});

describe('platform', () => {
  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await ctx.call('GET', '/api/v1/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404 });
  });

  it('serves health, metrics and OpenAPI', async () => {
    expect((await ctx.call('GET', '/healthz')).json().status).toBe('ok');
    const metrics = (await ctx.call('GET', '/metrics')).body;
    expect(metrics).toContain('rookery_http_request_duration_seconds');
    // On PostgreSQL the pool's connections are gauges (PGlite has no pool).
    if (ctx.database.kind === 'postgres') {
      expect(metrics).toMatch(/^rookery_db_pool_connections [1-9]\d*$/m);
      expect(metrics).toMatch(/^rookery_db_pool_waiting 0$/m);
    } else expect(metrics).not.toContain('rookery_db_pool_connections');
    const spec = await ctx.call('GET', '/api/docs/json');
    expect(spec.json().paths['/api/v1/role/{id}']).toBeDefined();
    // Timestamps the handlers return as Dates are documented as the strings the wire carries.
    const role = spec.json().paths['/api/v1/role/{id}'].get.responses['200'].content['application/json'].schema;
    expect(JSON.stringify(role.properties.data.properties.createdAt)).toContain('date-time');
    expect(role.properties.data.properties.createdAt.type).toBe('string');
  });

  it('writes an access-log row for console calls', async () => {
    await ctx.call('GET', '/api/v1/permession', { token: ctx.adminToken });
    await ctx.app.flushAccessLog();
    const rows = (await ctx.database.db.execute(
      "select method, path, status from access_log where path = '/api/v1/permession'" as never,
    )) as unknown as { rows: unknown[] };
    expect(rows.rows.length).toBeGreaterThan(0);
  });

  it('sends security headers', async () => {
    const res = await ctx.call('GET', '/healthz');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('housekeeping', () => {
  it('forgets expired sessions and stale failure counters, and keeps live ones', async () => {
    const { pruneStaffAuthState } = await import('./housekeeping.js');
    const live = await ctx.login('admin', ADMIN_PASSWORD);
    const old = await ctx.userWithRole('service');
    const db = ctx.database.db;
    const count = async (query: string) =>
      ((await db.execute(query as never)) as unknown as { rows: { n: number }[] }).rows[0].n;
    await db.execute(
      "insert into login_failures (key, failures, window_start) values ('user:ghost', 1, now() - interval '2 days')" as never,
    );
    await db.execute(
      `update staff_sessions set expires_at = now() - interval '1 minute' where user_id = ${old.id}` as never,
    );
    expect(await count(`select count(*)::int as n from staff_sessions where user_id = ${old.id}`)).toBe(1);

    await pruneStaffAuthState(db, ctx.clock.now());

    expect(await count(`select count(*)::int as n from staff_sessions where user_id = ${old.id}`)).toBe(0);
    expect(await count("select count(*)::int as n from login_failures where key = 'user:ghost'")).toBe(0);
    expect((await ctx.call('GET', '/api/v1/session', { token: live })).statusCode).toBe(200);
  });
});

describe('sign-in throttle', () => {
  let address = 0;
  /** Each test signs in from addresses of its own, so the per-address limit of one test does not touch another. */
  const freshAddress = () => `10.9.${Math.floor(++address / 250)}.${address % 250}`;
  const signIn = (username: string, password: string, remoteAddress: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      remoteAddress,
      headers: { 'accept-language': 'en-US' },
      payload: { username, password },
    });
  const sessionsOf = async (userId: number) => {
    const r = (await ctx.database.db.execute(
      sql`select count(*)::int as n from staff_sessions where user_id = ${userId}`,
    )) as unknown as { rows: { n: number }[] };
    return r.rows[0].n;
  };

  it('50 parallel attempts with the right password among them: no session once the limit is passed', async () => {
    const u = await ctx.userWithRole('service');
    const before = await sessionsOf(u.id);
    const ip = freshAddress();
    const attempts = Array.from({ length: 50 }, (_, i) => (i === 25 ? u.password : `wrong-password-${i}`));
    const answers = await Promise.all(attempts.map((p) => signIn(u.username, p, ip)));
    const verified = answers.filter((r) => r.statusCode !== 429);
    // Every attempt is counted before its password is verified: at most the limit get that far.
    expect(verified.length).toBeLessThanOrEqual(5);
    const sessions = answers.filter((r) => r.statusCode === 200).length;
    expect(sessions).toBeLessThanOrEqual(1);
    expect((await sessionsOf(u.id)) - before).toBe(sessions);
    // The pair is locked now, for the right password too (unless it was among the first five).
    if (sessions === 0) {
      expect((await signIn(u.username, u.password, ip)).statusCode).toBe(429);
      expect((await sessionsOf(u.id)) - before).toBe(0);
    }
  });

  it('five bad attempts lock that address out of that account, not the owner at another address', async () => {
    const u = await ctx.userWithRole('service');
    const attacker = freshAddress();
    for (let i = 0; i < 5; i++) expect((await signIn(u.username, 'wrong-password', attacker)).statusCode).toBe(400);
    expect((await signIn(u.username, u.password, attacker)).statusCode).toBe(429);
    expect((await signIn(u.username.toUpperCase(), u.password, attacker)).statusCode).toBe(429);
    expect((await signIn(u.username, u.password, freshAddress())).statusCode).toBe(200);
  });

  it('failures from many addresses back the user name off for everyone, briefly', async () => {
    const u = await ctx.userWithRole('service');
    for (let i = 0; i < 20; i++)
      expect((await signIn(u.username, 'wrong-password', freshAddress())).statusCode).toBe(400);
    const locked = await signIn(u.username, u.password, freshAddress());
    expect(locked.statusCode).toBe(429);
    // The back-off is 2 s: a second later still locked, once it has passed open again (the service
    // clock moved, no sleeping).
    const from = ctx.clock.now().getTime();
    try {
      ctx.clock.set(new Date(from + 1000));
      expect((await signIn(u.username, u.password, freshAddress())).statusCode).toBe(429);
      ctx.clock.set(new Date(from + 2100));
      expect((await signIn(u.username, u.password, freshAddress())).statusCode).toBe(200);
    } finally {
      ctx.clock.set(null);
    }
  });

  it('a disabled, pending or rejected account answers the right password exactly as a wrong one', async () => {
    const u = await ctx.userWithRole('tester');
    for (const status of ['disabled', 'pending', 'rejected']) {
      await ctx.database.db.execute(sql`update staff_users set status = ${status} where id = ${u.id}`);
      const right = await signIn(u.username, u.password, freshAddress());
      const wrong = await signIn(u.username, 'not-the-password', freshAddress());
      expect(right.statusCode, status).toBe(400);
      expect(right.body, status).toBe(wrong.body);
    }
  });
});

describe('role names and grants', () => {
  it('a role may not be named after a permission or a built-in role, in any letter case, or hide characters', async () => {
    // The roles by name and grants: the refused saves add or rename none (tester's own save rewrites its row).
    const rolesNow = async () =>
      (
        (await ctx.database.db.execute(sql`select role_name, content from roles order by role_name`)) as unknown as {
          rows: unknown[];
        }
      ).rows;
    const before = await rolesNow();
    for (const roleName of ['sysLogQuery', 'SYSLOGQUERY', 'Admin', 'tEsTeR', 'maxrole']) {
      const res = await ctx.call('POST', '/api/v1/role', { token: ctx.adminToken, body: { roleName, content: [] } });
      expect(res.statusCode, roleName).toBe(400);
      expect(res.json().errors[0].field, roleName).toBe('roleName');
    }
    const hidden = await ctx.call('POST', '/api/v1/role', {
      token: ctx.adminToken,
      body: { roleName: 'ad\u200bmin', content: [] },
    });
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().errors).toEqual([
      { field: 'roleName', message: 'A name cannot contain invisible or text-direction characters' },
    ]);
    const source = data(await ctx.call('GET', '/api/v1/role?roleName=tester', { token: ctx.adminToken })).datas[0];
    const copy = await ctx.call('PUT', '/api/v1/role/copy', {
      token: ctx.adminToken,
      body: { roleName: 'userQuery', id: source.id },
    });
    expect(copy.statusCode).toBe(400);
    const custom = data(
      await ctx.call('POST', '/api/v1/role', { token: ctx.adminToken, body: { roleName: 'renameme', content: [] } }),
    );
    const rename = await ctx.call('PUT', `/api/v1/role/${custom.id}`, {
      token: ctx.adminToken,
      body: { roleName: 'Operation', content: [] },
    });
    expect(rename.statusCode).toBe(400);
    // A built-in role keeps its own name when its grants are edited.
    const tester = await ctx.call('PUT', `/api/v1/role/${source.id}`, {
      token: ctx.adminToken,
      body: { roleName: 'tester', content: source.content },
    });
    expect(tester.statusCode).toBe(200);
    await ctx.call('DELETE', `/api/v1/role/${custom.id}`, { token: ctx.adminToken });
    expect(await rolesNow()).toEqual(before);
  });
});

describe('new passwords', () => {
  it('need 12 characters, not a common password, not the user name or email; old ones still sign in', async () => {
    const create = (pwd: string, username = 'pwpolicy_user') =>
      ctx.call('POST', '/api/v1/user', {
        token: ctx.adminToken,
        body: { username, pwd, role: 'tester', email: 'pwpolicy@example.com' },
      });
    const refusals: [string, string][] = [
      ['short-pass1', 'The password needs at least 12 characters'],
      ['qwerty123456', 'This is a common password that is easy to guess; choose another'],
      ['1q2w3e4r5t6y', 'This is a common password that is easy to guess; choose another'],
      ['            ', 'This is a common password that is easy to guess; choose another'],
      ['pwpolicy_user', 'The password cannot be the user name or the email'],
      ['PWPOLICY@example.com', 'The password cannot be the user name or the email'],
    ];
    const before = await ctx.fingerprint();
    for (const [pwd, message] of refusals) {
      const res = await create(pwd);
      expect(res.statusCode, pwd).toBe(400);
      expect(res.json().errors, pwd).toEqual([{ field: 'pwd', message }]);
    }
    expect(await ctx.fingerprint()).toEqual(before);
    const made = await create('tidy-penguin-walk');
    expect(made.statusCode).toBe(200);
    const { id } = data(made);

    // A reset is checked against the stored name; a change against mine.
    const reset = await ctx.call('PUT', `/api/v1/user/${id}`, {
      token: ctx.adminToken,
      body: { pwd: 'pwpolicy_user' },
    });
    expect(reset.json().errors).toEqual([
      { field: 'pwd', message: 'The password cannot be the user name or the email' },
    ]);
    const token = await ctx.login('pwpolicy_user', 'tidy-penguin-walk');
    const change = await ctx.call('PUT', '/api/v1/password', {
      token,
      body: { oldPassword: 'tidy-penguin-walk', newPassword: 'password1234' },
    });
    expect(change.json().errors).toEqual([
      { field: 'newPassword', message: 'This is a common password that is easy to guess; choose another' },
    ]);

    // A password set before the rule (8 characters, common) keeps working until it is changed.
    await ctx.database.db
      .update(staffUsers)
      .set({ passwordHash: await hashPassword('password') })
      .where(eq(staffUsers.id, id));
    expect(await ctx.login('pwpolicy_user', 'password')).toBeTruthy();
  });

  it('registration refuses a common password or the mail address before using the captcha', async () => {
    const mail = 'policy-reg@example.com';
    expect((await ctx.call('POST', '/api/v1/captcha', { body: { mail } })).statusCode).toBe(200);
    for (const password of ['123qweasdzxc', mail]) {
      const res = await ctx.call('POST', '/api/register', {
        body: { mail, password, mobile: '13800138001', captcha: '000000' },
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().errors[0].field, password).toBe('password');
    }
    const row = await ctx.database.db.execute(sql`select tries from captchas where mail = ${mail}`);
    expect((row as unknown as { rows: { tries: number }[] }).rows[0].tries).toBe(0);
  });
});
