// Every time the server stores comes from the service clock: no column takes the database's own
// now() as a default (an insert without its time fails on NOT NULL). Here the clock is stopped a
// day ahead of the wall clock, requests write to each of those columns, and each column's rows
// written meanwhile carry exactly the service clock's time, none a wall-clock time.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestContext, type TestContext } from '../test/harness.js';
import { setClockOffset } from './clock-offset.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The columns that took `defaultNow()` until migration 0020: each must be written by the server. */
const COLUMNS: [table: string, column: string][] = [
  ['players', 'first_login_at'],
  ['players', 'updated_at'],
  ['player_devices', 'bound_at'],
  ['device_bans', 'created_at'],
  ['player_snapshots', 'created_at'],
  ['player_events', 'at'],
  ['player_suspicions', 'created_at'],
  ['mails', 'created_at'],
  ['mails', 'updated_at'],
  ['player_mails', 'delivered_at'],
  ['maintenance_transitions', 'recorded_at'],
  ['roles', 'created_at'],
  ['roles', 'updated_at'],
  ['staff_users', 'created_at'],
  ['staff_sessions', 'created_at'],
  ['gift_code_batches', 'created_at'],
  ['gift_code_batches', 'updated_at'],
  ['resource_items', 'created_at'],
  ['resource_items', 'updated_at'],
  ['resource_versions', 'at'],
  ['audit_log', 'at'],
  ['access_log', 'at'],
  ['mail_outbox', 'created_at'],
  ['server_settings', 'updated_at'],
];

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

async function game(method: string, url: string, body?: unknown) {
  const res = await ctx.game(method, url, { body });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json().data;
}

async function admin(method: string, url: string, body?: unknown) {
  const res = await ctx.call(method, url, { token: ctx.adminToken, body });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json().data;
}

it('every time a request stores is the service clock’s, a day ahead of the wall clock', async () => {
  // The harness's own sign-in, before this test, is logged by a response hook that may run just
  // after its call returned: its row, at the wall clock, is waited for before the start is taken.
  await expect
    .poll(async () => {
      await ctx.app.flushAccessLog();
      const r = (await ctx.database.db.execute(sql`select count(*)::int as n from access_log`)) as unknown as {
        rows: { n: number }[];
      };
      return r.rows[0].n;
    })
    .toBeGreaterThan(0);
  const wallStart = new Date();
  const at = new Date(Math.floor((wallStart.getTime() + DAY) / 1000) * 1000);
  const later = (h: number) => new Date(at.getTime() + h * HOUR).toISOString();
  ctx.clock.set(at);
  try {
    // Staff: a sign-in (session, audit), a role, a staff user, a captcha mail (outbox).
    ctx.adminToken = await ctx.login('admin', ADMIN_PASSWORD);
    await admin('POST', '/api/v1/role', { roleName: 'clockRole', content: ['userQuery'] });
    await admin('POST', '/api/v1/user', {
      username: 'clock_user',
      pwd: 'clock-user-pass-1',
      role: 'clockRole',
      email: 'clock_user@example.com',
    });
    expect((await ctx.call('POST', '/api/v1/captcha', { body: { mail: 'clock@example.com' } })).statusCode).toBe(200);

    // The game: a first login (player, device binding, event), a save from an unbound device
    // (snapshot, suspicion, event).
    const deviceId = 'clock-device-1';
    const login = { deviceModel: 'Pixel 8', os: 'android', appVersion: '1.3.0', language: 'en-US', country: 'US' };
    const { userId, sessionEpoch, state } = await game('POST', '/api/game/v1/players/login', { deviceId, ...login });
    await game('PUT', `/api/game/v1/players/${userId}/save`, {
      saveCount: 1,
      state,
      sessionEpoch,
      deviceId: 'clock-device-elsewhere',
    });

    // Mail: a personal mail (mail, copy) claimed, a global one claimed (its copy written at the claim).
    const texts = { title: { 'en-US': 'Hello' }, content: { 'en-US': 'Body' }, expireAt: later(2) };
    const personal = await admin('POST', '/api/v1/email', {
      ...texts,
      mailScope: 'personal',
      userIdInput: `${userId}`,
    });
    const global = await admin('POST', '/api/v1/email', { ...texts, mailScope: 'global', conditions: [] });
    await game('POST', `/api/game/v1/players/${userId}/mails/${personal.id}/claim`);
    await game('POST', `/api/game/v1/players/${userId}/mails/${global.id}/claim`);

    // The console on players, gift codes, the resource kit.
    await admin('POST', '/api/v1/game-users/device-bans', { deviceIds: ['clock-device-banned'], reason: 'test' });
    await admin('POST', '/api/v1/giftcode/batches', {
      name: 'clock batch',
      kind: 'shared',
      code: 'CLOCK1',
      totalLimit: 10,
      rewards: [{ kind: 'gem', amount: 5 }],
      startAt: later(-1),
      endAt: later(24),
    });
    await admin('POST', '/api/v1/resources/constant', { name: 'clockConstant', type: 'number', value: 1 });

    // A maintenance window that started an hour ago: the header's poll logs its start. (Last: it
    // closes the game's door.)
    await admin('POST', '/api/v1/resources/maintenanceWindow', {
      name: 'clockWindow',
      startAt: later(-1),
      endAt: later(1),
      'zh-CN': '维护',
      'en-US': 'Maintenance',
    });
    await admin('GET', '/api/v1/maintenance/active');

    // The deployment's clock offset (a server setting), as the server stores it.
    await setClockOffset(ctx.database.db, 0, ctx.clock.now());
    await ctx.app.flushAccessLog();
  } finally {
    ctx.clock.set(null);
  }

  const found: Record<string, { atServiceClock: number; otherSinceStart: number }> = {};
  for (const [table, column] of COLUMNS) {
    const col = sql.identifier(column);
    const r = (await ctx.database.db.execute(
      sql`select count(*) filter (where ${col} = ${at.toISOString()}::timestamptz)::int as "atServiceClock",
            count(*) filter (where ${col} >= ${wallStart.toISOString()}::timestamptz
                               and ${col} <> ${at.toISOString()}::timestamptz)::int as "otherSinceStart"
          from ${sql.identifier(table)}`,
    )) as unknown as { rows: { atServiceClock: number; otherSinceStart: number }[] };
    found[`${table}.${column}`] = r.rows[0];
  }
  for (const [name, counts] of Object.entries(found)) {
    expect({ name, written: counts.atServiceClock > 0, other: counts.otherSinceStart }).toEqual({
      name,
      written: true,
      other: 0,
    });
  }
});

it('an insert that leaves a time out fails instead of taking the database clock', async () => {
  const failure = await ctx.database.db
    .execute(sql`insert into mail_outbox ("to", subject, body) values ('x@example.com', 's', 'b')`)
    .then(
      () => null,
      (err: Error) => err,
    );
  // The driver's error is the query error's cause: a NOT NULL violation (23502) on created_at.
  const cause = failure?.cause as { code?: string; message?: string } | undefined;
  expect({ code: cause?.code, message: cause?.message }).toMatchObject({
    code: '23502',
    message: expect.stringContaining('created_at'),
  });
});
