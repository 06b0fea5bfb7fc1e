import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { deliverJob, outOfQuietHours, startDueZones, zonedTimeToUtc } from './sends.js';

/**
 * Push sends through the console and the game API (issue 44 items 3–4): whom a send reaches (the
 * outbox shows exactly the matching players' tokens), when (at a time, at a local time per zone,
 * out of quiet hours; the tests move the service clock and run the dispatch), cancel, the test
 * send, and bad input refused with nothing written.
 */
let ctx: TestContext;
// Before the test's sign-in (a later service clock would end the admin's session). June: Berlin and New York on summer time.
const T0 = new Date('2026-06-01T10:00:00Z');
beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(T0);
});
afterAll(() => ctx?.close());

const rowsOf = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;

let n = 0;
/** A player from the game's login, with one Android device in `zone` speaking `language`. */
async function player(over: { zone?: string; language?: string; country?: string } = {}) {
  n += 1;
  const login = await ctx.game('POST', '/api/game/v1/players/login', {
    body: {
      deviceId: `send-device-${n}`,
      deviceModel: 'Pixel 8',
      os: 'android',
      appVersion: '1.0.0',
      language: over.language ?? 'en-US',
      country: over.country ?? 'US',
    },
  });
  expect(login.statusCode, login.body).toBe(200);
  const userId = login.json().data.userId as number;
  const token = `send${n}:APA91b${'z'.repeat(140)}`;
  const res = await ctx.game('PUT', `/api/game/v1/players/${userId}/push-token`, {
    body: {
      token,
      platform: 'android',
      language: over.language ?? 'en-US',
      timezone: over.zone ?? 'UTC',
      appVersion: '1.0.0',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { userId, token };
}

const base = {
  name: 'Weekend event',
  audience: 'all',
  content: 'text',
  titleZh: '周末活动',
  bodyZh: '{nickname}，活动开始了',
  titleEn: 'Weekend event',
  bodyEn: '{nickname}, the event has started',
  timing: 'now',
  ratePerSecond: 10_000,
};
const send = async (body: Record<string, unknown>) => {
  const res = await ctx.admin('POST', '/api/v1/push/sends', { ...base, ...body });
  return { status: res.statusCode, body: res.json() };
};
const outboxOf = (sendId: number) =>
  rowsOf<{ user_id: number; token: string; title: string; body: string }>(
    sql`select user_id::int, token, title, body from push_outbox where send_id = ${sendId} order by user_id`,
  );
const stateOf = async (sendId: number) =>
  (await ctx.adminOk('GET', `/api/v1/push/sends/${sendId}`)) as {
    state: string;
    sent: number;
    targeted: number;
    zones: number;
    zonesDone: number;
    lateZones: number;
  };
const settled = (sendId: number, state = 'done') =>
  expect.poll(async () => (await stateOf(sendId)).state, { timeout: 60_000, interval: 200 }).toBe(state);
/** The dispatch job's work, at the service clock: due zones start and their deliveries are enqueued. */
const dispatch = () =>
  startDueZones(ctx.database.db, ctx.clock.now(), (tx, sendId, zone) =>
    ctx.app.jobs.enqueue(tx, deliverJob, { sendId, zone }, { actorId: null, actor: null, action: 'schedule' }),
  );

describe('time zones', () => {
  it('finds the UTC instant of a wall-clock time, across daylight saving', () => {
    expect(new Date(zonedTimeToUtc('2026-12-01T20:00', 'Asia/Shanghai')).toISOString()).toBe(
      '2026-12-01T12:00:00.000Z',
    );
    expect(new Date(zonedTimeToUtc('2026-07-01T20:00', 'Europe/Berlin')).toISOString()).toBe(
      '2026-07-01T18:00:00.000Z',
    );
    expect(new Date(zonedTimeToUtc('2026-12-01T20:00', 'Europe/Berlin')).toISOString()).toBe(
      '2026-12-01T19:00:00.000Z',
    );
    expect(new Date(zonedTimeToUtc('2026-12-01T20:00', 'America/New_York')).toISOString()).toBe(
      '2026-12-02T01:00:00.000Z',
    );
  });
  it('moves a time inside quiet hours to their end, also across midnight', () => {
    const at = (iso: string) => Date.parse(iso);
    // 23:30 in Shanghai (15:30 UTC), quiet 22:00–08:00: to 08:00 local (00:00 UTC next day).
    expect(new Date(outOfQuietHours(at('2026-12-01T15:30:00Z'), 'Asia/Shanghai', '22:00', '08:00')).toISOString()).toBe(
      '2026-12-02T00:00:00.000Z',
    );
    // 12:00 local is outside: unchanged.
    expect(outOfQuietHours(at('2026-12-01T04:00:00Z'), 'Asia/Shanghai', '22:00', '08:00')).toBe(
      at('2026-12-01T04:00:00Z'),
    );
    // Quiet 13:00–14:00 local, due 13:15: to 14:00.
    expect(new Date(outOfQuietHours(at('2026-12-01T05:15:00Z'), 'Asia/Shanghai', '13:00', '14:00')).toISOString()).toBe(
      '2026-12-01T06:00:00.000Z',
    );
  });
});

describe('push sends', () => {
  it('a send by conditions reaches exactly the matching players’ tokens, in their language, with their values', async () => {
    const fr = await player({ country: 'FR', language: 'en-US' });
    const cn = await player({ country: 'CN', language: 'zh-CN' });
    await player({ country: 'US' });
    const preview = await ctx.adminOk('POST', '/api/v1/push/sends/audience', {
      audience: 'conditions',
      conditions: [{ attr: 'country', op: 'include', value: ['FR', 'CN'] }],
    });
    expect(preview).toEqual({ players: 2, devices: 2 });
    const made = await send({
      audience: 'conditions',
      conditions: [{ attr: 'country', op: 'include', value: ['FR', 'CN'] }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.data.id as number;
    await settled(id);
    const out = await outboxOf(id);
    expect(out.map((o) => o.token).sort()).toEqual([fr.token, cn.token].sort());
    const zh = out.find((o) => o.user_id === cn.userId)!;
    expect(zh.title).toBe('周末活动');
    // No nickname: the user ID stands in.
    expect(zh.body).toBe(`${cn.userId}，活动开始了`);
    expect(out.find((o) => o.user_id === fr.userId)!.title).toBe('Weekend event');
    expect(await stateOf(id)).toMatchObject({ state: 'done', sent: 2, targeted: 2, zones: 1, zonesDone: 1 });
    const audit = await rowsOf(sql`select action from audit_log where target = ${`pushSend:${id}`}`);
    expect(audit).toEqual([{ action: 'createPushSend' }]);
  });

  it('reaches a topic’s subscribers only; a template’s text is used', async () => {
    const a = await player();
    const b = await player();
    await ctx.adminOk('POST', '/api/v1/resources/pushTopic', {
      key: 'raids',
      'zh-CN': '突袭',
      'en-US': 'Raids',
      enabled: true,
    });
    await ctx.adminOk('POST', '/api/v1/resources/pushTemplate', {
      name: 'raidOpen',
      titleZh: '突袭开启',
      bodyZh: '{nickname}，快来',
      titleEn: 'Raid open',
      bodyEn: 'Come, {nickname}: you have {gems} gems',
      deepLink: 'mygame://raid',
      imageUrl: '',
      note: '',
    });
    const sub = await ctx.game('PUT', `/api/game/v1/players/${a.userId}/push-topics`, {
      body: { subscribe: ['raids'] },
    });
    expect(sub.statusCode).toBe(200);
    const made = await send({ audience: 'topic', topic: 'raids', content: 'template', template: 'raidOpen' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    await settled(made.body.data.id);
    const out = await outboxOf(made.body.data.id);
    expect(out.map((o) => o.token)).toEqual([a.token]);
    expect(out[0].title).toBe('Raid open');
    // The player's own value, read when delivered.
    const [{ gem }] = await rowsOf<{ gem: string }>(
      sql`select coalesce(state->'resources'->>'gem', '0') as gem from players where id = ${a.userId}`,
    );
    expect(out[0].body).toBe(`Come, ${a.userId}: you have ${gem} gems`);
    expect(out.map((o) => o.token)).not.toContain(b.token);
  });

  it('a send at a time waits for it; cancelled before, it sends nothing', async () => {
    await ctx.database.db.execute(sql`delete from push_devices`);
    const p = await player();
    const at = new Date(T0.getTime() + 3600_000).toISOString();
    const made = await send({ timing: 'at', at });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.data.id as number;
    expect((await stateOf(id)).state).toBe('scheduled');
    expect(await dispatch()).toBe(0);
    expect(await outboxOf(id)).toEqual([]);

    const other = await send({ timing: 'at', at, name: 'to cancel' });
    const cancelled = await ctx.admin('POST', `/api/v1/push/sends/${other.body.data.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.state).toBe('cancelled');
    // Cancelling twice: refused with its state in words.
    const again = await ctx.admin('POST', `/api/v1/push/sends/${other.body.data.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toContain('cancelled');

    ctx.clock.set(new Date(T0.getTime() + 3600_000 + 1000));
    expect(await dispatch()).toBe(1);
    await settled(id);
    expect((await outboxOf(id)).map((o) => o.token)).toEqual([p.token]);
    expect(await outboxOf(other.body.data.id)).toEqual([]);
    ctx.clock.set(T0);
  });

  it('a local-time send goes out per time zone; zones already past go at once and are counted', async () => {
    await ctx.database.db.execute(sql`delete from push_devices`);
    // At T0 (10:00 UTC) it is 18:00 in Shanghai, 12:00 in Berlin, 06:00 in New York.
    const shanghai = await player({ zone: 'Asia/Shanghai' });
    const berlin = await player({ zone: 'Europe/Berlin' });
    const newYork = await player({ zone: 'America/New_York' });
    // 13:00 local on T0's day: past in Shanghai (sent at once), due in Berlin at 11:00 UTC, in New York at 17:00 UTC.
    const made = await send({ timing: 'local', localTime: '2026-06-01T13:00' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.data.id as number;
    expect(made.body.data).toMatchObject({ zones: 3, lateZones: 1, state: 'sending' });
    await expect
      .poll(async () => (await outboxOf(id)).map((o) => o.token), { timeout: 60_000 })
      .toEqual([shanghai.token]);

    ctx.clock.set(new Date('2026-06-01T11:00:01Z'));
    expect(await dispatch()).toBe(1);
    await expect
      .poll(async () => (await outboxOf(id)).map((o) => o.token).sort(), { timeout: 60_000 })
      .toEqual([shanghai.token, berlin.token].sort());
    expect((await stateOf(id)).state).toBe('sending');

    ctx.clock.set(new Date('2026-06-01T17:00:01Z'));
    expect(await dispatch()).toBe(1);
    await settled(id);
    expect((await outboxOf(id)).map((o) => o.token).sort()).toEqual(
      [shanghai.token, berlin.token, newYork.token].sort(),
    );
    // Exactly once each.
    const [{ c }] = await rowsOf<{ c: number }>(sql`select count(*)::int as c from push_outbox where send_id = ${id}`);
    expect(c).toBe(3);
    ctx.clock.set(T0);
  });

  it('quiet hours hold a zone until they end', async () => {
    await ctx.database.db.execute(sql`delete from push_devices`);
    // 18:00 in Shanghai at T0: inside 17:00–19:00 quiet hours; Berlin (12:00) is not.
    const shanghai = await player({ zone: 'Asia/Shanghai' });
    const berlin = await player({ zone: 'Europe/Berlin' });
    const made = await send({ quietStart: '17:00', quietEnd: '19:00' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.data.id as number;
    await expect
      .poll(async () => (await outboxOf(id)).map((o) => o.token), { timeout: 60_000 })
      .toEqual([berlin.token]);
    ctx.clock.set(new Date('2026-06-01T11:00:00Z')); // 19:00 in Shanghai
    expect(await dispatch()).toBe(1);
    await settled(id);
    expect((await outboxOf(id)).map((o) => o.token).sort()).toEqual([shanghai.token, berlin.token].sort());
    ctx.clock.set(T0);
  });

  it('a test send reaches the listed players only, at once, and is marked a test', async () => {
    const a = await player();
    await player();
    const res = await ctx.admin('POST', '/api/v1/push/sends/test', {
      ...base,
      timing: 'at',
      at: new Date(T0.getTime() + 86_400_000).toISOString(),
      testUserIds: `${a.userId}\n`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as number;
    expect(res.json().data.test).toBe(true);
    await settled(id);
    expect((await outboxOf(id)).map((o) => o.token)).toEqual([a.token]);
    const audit = await rowsOf(sql`select action from audit_log where target = ${`pushSend:${id}`}`);
    expect(audit).toEqual([{ action: 'testPushSend' }]);
  });

  it('refuses bad input with a reason on its field, in the operator’s language, writing nothing', async () => {
    await player();
    const before = await ctx.fingerprint();
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ audience: 'players', userIds: '12\nabc\n-3' }, 'userIds', 'abc, -3'],
      [{ audience: 'players', userIds: '' }, 'userIds', 'at least one user ID'],
      [{ audience: 'topic', topic: 'nosuch' }, 'topic', 'nosuch'],
      [{ audience: 'conditions', conditions: [] }, 'conditions', 'at least one condition'],
      [{ content: 'template', template: 'missingTemplate' }, 'template', 'missingTemplate'],
      [{ bodyEn: 'Hi {coupon}' }, 'bodyEn', '{coupon}'],
      [{ timing: 'at', at: '2020-01-01T00:00:00.000Z' }, 'at', 'passed'],
      [{ timing: 'local', localTime: '2020-01-01T20:00' }, 'localTime', 'every time zone'],
      [{ timing: 'local', localTime: '2026-13-01T20:00' }, 'localTime', '2026-12-01T20:00'],
      [{ quietStart: '22:00' }, 'quietEnd', 'both'],
      [{ quietStart: '25:00', quietEnd: '08:00' }, 'quietStart', '22:00'],
      [{ ratePerSecond: 0 }, 'ratePerSecond', '10,000'],
      [{ name: '' }, 'name', ''],
    ];
    for (const [over, field, says] of refusals) {
      const res = await send(over);
      expect(res.status, JSON.stringify(over)).toBe(400);
      const errors = (res.body.errors ?? []) as { field: string; message: string }[];
      const message = errors.find((e) => e.field === field)?.message ?? '';
      expect(message, `${JSON.stringify(over)} → ${JSON.stringify(res.body)}`).not.toBe('');
      expect(message, JSON.stringify(over)).toContain(says);
    }
    // Nobody to reach: a condition no player meets.
    const none = await send({
      audience: 'conditions',
      conditions: [{ attr: 'country', op: 'include', value: ['AQ'] }],
    });
    expect(none.status).toBe(400);
    expect(none.body.msg).toContain('no player it selects has a device');
    // In Chinese.
    const zh = await ctx.admin(
      'POST',
      '/api/v1/push/sends',
      { ...base, timing: 'at', at: '2020-01-01T00:00:00.000Z' },
      'zh-CN',
    );
    expect(JSON.stringify(zh.json())).toContain('发送时间已过');
    const after = await ctx.fingerprint();
    for (const table of ['push_sends', 'push_send_zones', 'push_outbox', 'audit_log']) {
      expect(before[table], table).toBeDefined();
      expect(after[table], table).toBe(before[table]);
    }
  });

  it('lists sends newest first with their counts, keyset paged, and filters by state', async () => {
    const first = await ctx.adminOk('GET', '/api/v1/push/sends?pageSize=2');
    expect(first.list.length).toBe(2);
    expect(first.nextCursor).toBeTruthy();
    expect(first.list[0].id).toBeGreaterThan(first.list[1].id);
    const next = await ctx.adminOk(
      'GET',
      `/api/v1/push/sends?pageSize=2&cursor=${encodeURIComponent(first.nextCursor)}`,
    );
    expect(next.list[0].id).toBeLessThan(first.list[1].id);
    const cancelled = await ctx.adminOk('GET', '/api/v1/push/sends?state=cancelled');
    expect(cancelled.list.length).toBeGreaterThan(0);
    expect(cancelled.list.every((s: { state: string }) => s.state === 'cancelled')).toBe(true);
  });
});
