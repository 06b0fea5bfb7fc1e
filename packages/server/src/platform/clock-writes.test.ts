import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestContext, GAME_KEY, type TestContext } from '../test/harness.js';

/**
 * Every time the server writes comes from the service clock, not the database's `now()`: no
 * timestamp column has a database default (an insert without its time fails), and with the
 * clock stopped years ahead, the rows the game and the console write carry that time.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const T = '2031-03-04T05:06:07.000Z';
const rows = async (q: ReturnType<typeof sql>) =>
  ((await ctx.database.db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;

describe('stored times', () => {
  it('no timestamp column takes the database clock by default', async () => {
    const defaults = await rows(sql`
      select table_name || '.' || column_name as col from information_schema.columns
      where table_schema = 'public' and data_type like 'timestamp%' and column_default is not null`);
    expect(defaults.map((r) => r.col)).toEqual([]);
  });

  it('follow the service clock through the game API and the console', async () => {
    ctx.clock.set(T);
    const token = await ctx.login('admin', ADMIN_PASSWORD);
    const game = (method: string, url: string, body: unknown) =>
      ctx.app.inject({ method: method as 'POST', url, headers: { 'x-game-key': GAME_KEY }, payload: body as object });
    const login = await game('POST', '/api/game/v1/players/login', {
      deviceId: 'clock-writes-device',
      socialId: 'clock-writes-social',
      deviceModel: 'Pixel 8',
      os: 'android',
      appVersion: '1.0.0',
      language: 'en-US',
      country: 'US',
    });
    expect(login.statusCode, login.body).toBe(200);
    const { userId, state, sessionEpoch } = login.json().data;
    const save = await game('PUT', `/api/game/v1/players/${userId}/save`, { saveCount: 1, state, sessionEpoch });
    expect(save.statusCode, save.body).toBe(200);
    const role = await ctx.call('POST', '/api/v1/role', {
      token,
      body: { roleName: 'clockwatchers', content: ['userQuery'] },
    });
    expect(role.statusCode, role.body).toBe(200);
    const entry = await ctx.call('POST', '/api/v1/resources/dictionary', {
      token,
      body: { key: 'clock_words', 'zh-CN': '时间', 'en-US': 'Time' },
    });
    expect(entry.statusCode, entry.body).toBe(200);
    await ctx.app.flushAccessLog();

    const at = new Date(T).getTime();
    const checks: [string, ReturnType<typeof sql>][] = [
      ['players.first_login_at', sql`select first_login_at as t from players where id = ${userId}`],
      ['players.updated_at', sql`select updated_at as t from players where id = ${userId}`],
      ['player_devices.bound_at', sql`select bound_at as t from player_devices where user_id = ${userId}`],
      ['player_events.at', sql`select at as t from player_events where user_id = ${userId}`],
      ['player_snapshots.created_at', sql`select created_at as t from player_snapshots where user_id = ${userId}`],
      ['staff_sessions.created_at', sql`select created_at as t from staff_sessions order by created_at desc limit 1`],
      ['roles.created_at', sql`select created_at as t from roles where role_name = 'clockwatchers'`],
      ['resource_items.created_at', sql`select created_at as t from resource_items where key = 'clock_words'`],
      ['resource_versions.at', sql`select v.at as t from resource_versions v where v.key = 'clock_words'`],
      ['audit_log.at', sql`select at as t from audit_log where target like 'role:clockwatchers%'`],
      ['access_log.at', sql`select at as t from access_log where path like '/api/v1/role%' order by id desc limit 1`],
    ];
    for (const [name, q] of checks) {
      const found = await rows(q);
      expect(found.length, name).toBeGreaterThan(0);
      for (const r of found) expect(new Date(r.t as string).getTime(), name).toBe(at);
    }
  });
});
