import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, GAME_KEY, type TestContext } from '../../test/harness.js';
import { migrationsBefore, migrationsFolder } from '../../test/migrations.js';
import { fingerprintOf, normaliseMessage } from './incidents.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const send = async (entries: unknown[]) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/game/v1/logs',
    headers: { 'x-game-key': GAME_KEY, 'content-type': 'application/json' },
    payload: JSON.stringify({ entries }),
  });
  expect(res.json().data.rejected).toEqual([]);
  await ctx.app.logWriter.flush();
};

const row = (message: string, stack?: string) => ({ kind: 'client' as const, message, stack });

describe('fingerprints', () => {
  it('group variants of one error and separate different ones', () => {
    const a = fingerprintOf(
      row(
        'NullReferenceException: player 1042 item 0x7ffe12 not found (id 3f2a9c1e-1111-4a4a-8b8b-123456789abc)',
        'at Shop.Open (Shop.cs:12:5)\nat Ui.Click (Ui.cs:88)',
      ),
    );
    const b = fingerprintOf(
      row(
        'NullReferenceException: player 77 item 0x1 not found (id 00000000-2222-4b4b-8c8c-abcdefabcdef)',
        'at Shop.Open (Shop.cs:14:9)\nat Ui.Click (Ui.cs:90)',
      ),
    );
    expect(a).toBe(b);
    // Another place in the code, another message: other incidents.
    expect(
      fingerprintOf(row('NullReferenceException: player 1 item 0x1 not found', 'at Bag.Open (Bag.cs:3)')),
    ).not.toBe(a);
    expect(fingerprintOf(row('Timeout talking to store 5', 'at Shop.Open (Shop.cs:12:5)'))).not.toBe(a);
    expect(normaliseMessage("user 'bob@example.com' hit 3 errors at /x?token=abc")).toBe(
      "user '…' hit <n> errors at /x?…",
    );
  });
});

describe('incidents', () => {
  it('count entries, players, versions; a resolved incident reopens on a newer version only', async () => {
    const crash = (userId: number, appVersion: string) => ({
      level: 'error',
      message: `IndexOutOfRange at slot ${userId * 7}`,
      stack: `at Bag.Get (Bag.cs:${userId})\nat Game.Tick (Game.cs:1)`,
      userId,
      appVersion,
      os: userId % 2 ? 'ios' : 'android',
    });
    await send([
      ...Array.from({ length: 30 }, (_, i) => crash(100 + (i % 12), '1.4.0')),
      { level: 'info', message: 'x' },
    ]);
    const list = (await ctx.call('GET', '/api/v1/incidents?kind=client', { token: ctx.adminToken })).json().data;
    const incident = list.list.find((i: { title: string }) => i.title.startsWith('IndexOutOfRange'));
    expect(incident).toMatchObject({ count: 30, players: 12, state: 'open', regression: false });
    expect(incident.appVersions).toEqual({ '1.4.0': 30 });
    const byVersion = await ctx.call('GET', '/api/v1/incidents?appVersion=1.4.0&page=1&pageSize=20', {
      token: ctx.adminToken,
    });
    expect(byVersion.statusCode).toBe(200);
    expect(byVersion.json().data.list.map((i: { id: number }) => i.id)).toEqual([incident.id]);
    const otherVersion = await ctx.call('GET', '/api/v1/incidents?appVersion=9.9.9', { token: ctx.adminToken });
    expect(otherVersion.json().data.list).toEqual([]);

    const resolved = await ctx.call('POST', `/api/v1/incidents/${incident.id}/state`, {
      token: ctx.adminToken,
      body: { state: 'resolved' },
    });
    expect(resolved.json().data).toMatchObject({ state: 'resolved', resolvedVersion: '1.4.0' });
    // The same version again (players not updated yet): still resolved.
    await send([crash(100, '1.4.0')]);
    const same = (await ctx.call('GET', `/api/v1/incidents/${incident.id}`, { token: ctx.adminToken })).json().data;
    expect(same).toMatchObject({ state: 'resolved', count: 31 });
    // A newer version: a regression.
    await send([crash(200, '1.5.0')]);
    const again = (await ctx.call('GET', `/api/v1/incidents/${incident.id}`, { token: ctx.adminToken })).json().data;
    expect(again).toMatchObject({ state: 'open', regression: true, count: 32, players: 13 });
    expect(again.samples.length).toBeGreaterThan(0);
    expect(again.hourly.reduce((n: number, h: { count: number }) => n + h.count, 0)).toBe(32);
  });

  it("keep the console's expected refusals out, and group one error by its key in every language (issue 41 item 8)", async () => {
    const sendConsole = async (entries: unknown[]) => {
      const res = await ctx.call('POST', '/api/v1/logs/frontend', { token: ctx.adminToken, body: { entries } });
      expect(res.json().data.rejected).toEqual([]);
      await ctx.app.logWriter.flush();
    };
    const failed = (message: string, request: Record<string, unknown>) => ({
      type: 'error',
      message,
      request: { method: 'GET', ...request },
    });
    const incidentsNow = async () =>
      (await ctx.call('GET', '/api/v1/incidents?kind=frontend&pageSize=100', { token: ctx.adminToken })).json().data
        .list as { title: string; count: number }[];
    const before = (await incidentsNow()).length;
    // A missing player, a wrong password, a failed check: refusals the console expected.
    await sendConsole([
      failed('GET /api/v1/store/preview/99999 404: 玩家不存在', {
        url: '/api/v1/store/preview/99999',
        status: 404,
        key: 'player.notFound',
      }),
      failed('POST /api/v1/login 400: Wrong user name or password', { url: '/api/v1/login', status: 400 }),
      failed('PUT /api/v1/resources/product/a 400: 参数校验失败', {
        url: '/api/v1/resources/product/a',
        status: 400,
        key: 'http.validation',
      }),
    ]);
    expect(await incidentsNow()).toHaveLength(before);
    const now = ctx.clock.now().getTime();
    const window = `start=${new Date(now - 3_600_000).toISOString()}&end=${new Date(now + 3_600_000).toISOString()}`;
    const stored = (await ctx.call('GET', `/api/v1/logs?kind=frontend&${window}`, { token: ctx.adminToken })).json()
      .data;
    expect(stored.list.find((e: { message: string }) => e.message.includes('玩家不存在'))?.level).toBe('warn');

    // One fault read in Chinese and in English: one incident, counted twice.
    await sendConsole([
      failed('GET /api/v1/jobs/7 500: 服务器内部错误', { url: '/api/v1/jobs/7', status: 500, key: 'http.500' }),
      failed('GET /api/v1/jobs/8 500: Internal server error', { url: '/api/v1/jobs/8', status: 500, key: 'http.500' }),
      // An address the server does not know is the console's own fault: an incident.
      failed('GET /api/v1/nowhere 404: Request address error: /api/v1/nowhere', {
        url: '/api/v1/nowhere',
        status: 404,
        key: 'http.404',
        unknownAddress: true,
      }),
    ]);
    const after = await incidentsNow();
    expect(after).toHaveLength(before + 2);
    const fault = after.filter((i) => i.title.includes('/jobs/'));
    expect(fault).toHaveLength(1);
    expect(fault[0].count).toBe(2);
  });

  it('stay hidden from who may not read their kind', async () => {
    const { token } = await ctx.userWithRole('service');
    expect((await ctx.call('GET', '/api/v1/incidents', { token })).statusCode).toBe(403);
  });

  it("change state only with their kind's edit permission: reading them is not enough", async () => {
    await send([{ level: 'error', message: 'EditGuard failed', stack: 'at EditGuard.Run (EditGuard.cs:3)' }]);
    const list = (await ctx.call('GET', '/api/v1/incidents?kind=client', { token: ctx.adminToken })).json().data;
    const incident = list.list.find((i: { title: string }) => i.title.startsWith('EditGuard failed'));
    expect(incident).toMatchObject({ state: 'open' });
    const url = `/api/v1/incidents/${incident.id}/state`;
    const stateOf = async () =>
      (await ctx.call('GET', `/api/v1/incidents/${incident.id}`, { token: ctx.adminToken })).json().data.state;

    const reader = await ctx.userWithPermissions('incident_reader', ['clientLogQuery']);
    // The kind read from the record (no kind sent), or sent as the list gave it: refused either way.
    const systemEditor = await ctx.userWithPermissions('incident_sys_editor', ['clientLogQuery', 'sysIncidentEdit']);
    const before = await ctx.fingerprint();
    for (const [token, body] of [
      [reader.token, { state: 'ignored' }],
      [reader.token, { state: 'resolved', kind: 'client' }],
      [systemEditor.token, { state: 'ignored' }],
      [systemEditor.token, { state: 'ignored', kind: 'client' }],
    ] as const) {
      const res = await ctx.call('POST', url, { token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
    }
    expect(await ctx.fingerprint()).toEqual(before);
    expect(await stateOf()).toBe('open');

    const editor = await ctx.userWithPermissions('incident_editor', ['clientLogQuery', 'clientIncidentEdit']);
    const done = await ctx.call('POST', url, { token: editor.token, body: { state: 'ignored' } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ id: incident.id, state: 'ignored' });
    expect(await stateOf()).toBe('ignored');
    const audit = await ctx.call('GET', `/api/v1/system/log?target=incident:${incident.id}`, { token: ctx.adminToken });
    expect(audit.json().data.list).toContainEqual(
      expect.objectContaining({ actor: editor.username, after: expect.objectContaining({ state: 'ignored' }) }),
    );
    // The built-in developer holds it by default.
    const developer = await ctx.userWithRole('developer');
    const reopened = await ctx.call('POST', url, { token: developer.token, body: { state: 'open', kind: 'client' } });
    expect(reopened.json().data).toMatchObject({ state: 'open' });
  });
});

describe('the incident edit grant on an existing database', () => {
  it('goes to the built-in developer role only, at the service clock', async () => {
    // The migrations as they were before the grant.
    const before = migrationsBefore('_builtin_role_incident_edit');
    const pglite = new PGlite();
    const db = drizzle(pglite, { casing: 'snake_case' });
    try {
      await migrate(db, { migrationsFolder: before });
      const old = '2020-01-01T00:00:00.000Z';
      await db.execute(sql`insert into roles (role_name, content, built_in, created_at, updated_at) values
        ('developer', '["clientLogQuery"]', true, ${old}, ${old}),
        ('operation', '["clientLogQuery"]', true, ${old}, ${old}),
        ('devs', '["clientLogQuery"]', false, ${old}, ${old})`);
      const dayAhead = 86_400_000;
      await db.execute(
        sql`insert into server_settings (key, value, updated_at) values ('clockOffsetMs', ${String(dayAhead)}::jsonb, ${old})`,
      );
      await migrate(db, { migrationsFolder });
      const rows = (await db.execute(sql`select role_name, content, updated_at from roles order by role_name`))
        .rows as { role_name: string; content: string[]; updated_at: string | Date }[];
      const byName = Object.fromEntries(rows.map((r) => [r.role_name, r]));
      expect(byName.developer.content).toEqual(['clientLogQuery', 'clientIncidentEdit']);
      expect(byName.operation.content).toEqual(['clientLogQuery']);
      expect(byName.devs.content).toEqual(['clientLogQuery']);
      const changed = new Date(byName.developer.updated_at).getTime();
      expect(Math.abs(changed - (Date.now() + dayAhead))).toBeLessThan(60_000);
      expect(new Date(byName.operation.updated_at).toISOString()).toBe(old);
    } finally {
      await pglite.close();
    }
  });
});
