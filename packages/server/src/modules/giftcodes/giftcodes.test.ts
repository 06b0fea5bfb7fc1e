import { AsyncLocalStorage } from 'node:async_hooks';
import { giftCodeCheckChar, normalizeGiftCode, UNIQUE_CODE_LENGTH, validUniqueCode } from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { accessLog } from '../../platform/db/tables.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { COUNTER_SLOTS, splitQuota } from './batches.js';
import { randomCodes } from './generate.js';
import { pruneGiftCodeAttempts, RedemptionQueue, redeemGiftCode, THROTTLE } from './redeem.js';

/** Marks the async context of one redemption (the statement-count test). */
const onRedemption = new AsyncLocalStorage<boolean>();

let ctx: TestContext;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());
afterEach(() => ctx.clock.set(null));

const HOUR = 3_600_000;
const at = (h: number) => new Date(Date.now() + h * HOUR).toISOString();

const game = (method: string, url: string, body?: unknown, locale = 'en-US') => ctx.game(method, url, { body, locale });

let devices = 0;
async function player(attrs: { os?: string; country?: string } = {}, daysAgo = 0) {
  if (daysAgo) ctx.clock.set(new Date(Date.now() - daysAgo * 24 * HOUR));
  devices += 1;
  const res = await game('POST', '/api/game/v1/players/login', {
    deviceId: `gc-device-${devices}-${Date.now()}`,
    deviceModel: 'Pixel 8',
    os: attrs.os ?? 'android',
    appVersion: '1.0.0',
    language: 'en-US',
    country: attrs.country ?? 'US',
  });
  if (daysAgo) ctx.clock.set(null);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.userId as number;
}

let ips = 0;
/** Each redemption from its own IP unless given: the per-IP throttle stays out of unrelated tests. */
async function redeem(userId: number, code: string, extra: Record<string, unknown> = {}, locale?: string) {
  ips += 1;
  const res = await game(
    'POST',
    `/api/game/v1/players/${userId}/gift-codes/redeem`,
    { code, playerIp: `10.${(ips >> 16) & 255}.${(ips >> 8) & 255}.${ips & 255}`, ...extra },
    locale,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { status: string; message: string; rewards: unknown[]; retryAt: string | null };
}

let names = 0;
async function createBatch(body: Record<string, unknown>) {
  names += 1;
  const res = await ctx.call('POST', '/api/v1/giftcode/batches', {
    token: ctx.adminToken,
    body: {
      name: `batch ${names}`,
      rewards: [{ kind: 'gem', amount: 50 }],
      startAt: at(-1),
      endAt: at(24),
      ...body,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; code: string | null; total: number; claimed: number; state: string };
}
const shared = (limit = 100, extra: Record<string, unknown> = {}) => {
  names += 1;
  return createBatch({ kind: 'shared', code: `Penguin${names}x`, totalLimit: limit, ...extra });
};

async function getBatch(id: number) {
  const res = await ctx.call('GET', `/api/v1/giftcode/batches/${id}`, { token: ctx.adminToken });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function waitGenerated(id: number, total: number) {
  for (let i = 0; i < 600; i++) {
    const b = await getBatch(id);
    if (b.generated === total) return b;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('codes not generated');
}

async function codesOf(id: number, pageSize = 1000) {
  const res = await ctx.call('GET', `/api/v1/giftcode/batches/${id}/codes?pageSize=${pageSize}`, {
    token: ctx.adminToken,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.list as { code: string; state: string; usedBy: number | null }[];
}

async function gems(userId: number) {
  const res = await game('GET', `/api/game/v1/players/${userId}`);
  return res.json().data.state.resources.gem ?? 0;
}

/** Concurrent on PostgreSQL; one after another on PGlite (one connection). */
async function many<T>(n: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  if (onPostgres) return Promise.all(Array.from({ length: n }, (_, i) => fn(i)));
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(await fn(i));
  return out;
}

describe('codes', () => {
  it('splits a limit over the counter slots, each keeping what it claimed', () => {
    expect(splitQuota(100, new Array(16).fill(0)).reduce((a, b) => a + b)).toBe(100);
    expect(splitQuota(3, [0, 0, 0, 0])).toEqual([1, 1, 1, 0]);
    expect(splitQuota(10, [4, 0, 1, 0])).toEqual([6, 1, 2, 1]);
  });

  it('generates fixed-length codes from the alphabet with a check symbol that catches a typo', () => {
    const codes = randomCodes(2000);
    expect(new Set(codes).size).toBe(2000);
    for (const c of codes) {
      expect(c).toHaveLength(UNIQUE_CODE_LENGTH);
      expect(c).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]+$/);
      expect(validUniqueCode(c)).toBe(true);
    }
    // Every single-symbol change is caught.
    const c = codes[0];
    for (let i = 0; i < c.length; i++)
      for (const s of '23456789ABCDEFGHJKLMNPQRSTUVWXYZ')
        if (s !== c[i]) expect(validUniqueCode(c.slice(0, i) + s + c.slice(i + 1))).toBe(false);
    expect(giftCodeCheckChar('ABCDEFGHJKL')).toHaveLength(1);
    expect(normalizeGiftCode(' abcd-efgh ')).toBe('ABCDEFGH');
  });
});

describe('batches', () => {
  it('refuses a window that has already ended (by the service clock), and keeps a stored one on edit', async () => {
    const before = await ctx.call('GET', '/api/v1/giftcode/batches', { token: ctx.adminToken });
    names += 1;
    const past = await ctx.call('POST', '/api/v1/giftcode/batches', {
      token: ctx.adminToken,
      locale: 'zh-CN',
      body: {
        name: `past ${names}`,
        kind: 'shared',
        code: `Past${names}x`,
        totalLimit: 5,
        rewards: [{ kind: 'gem', amount: 5 }],
        startAt: '2020-01-01T00:00:00.000Z',
        endAt: '2020-02-01T00:00:00.000Z',
      },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toEqual([
      { field: 'endAt', message: '结束时间已经过去：批次一创建就已过期，没有玩家能兑换' },
    ]);
    const after = await ctx.call('GET', '/api/v1/giftcode/batches', { token: ctx.adminToken });
    expect(after.json().data.total).toBe(before.json().data.total);
    // By the service clock, not the wall clock: two hours ahead, a window ending in one has passed.
    ctx.clock.set(new Date(Date.now() + 2 * HOUR));
    const res = await ctx.call('POST', '/api/v1/giftcode/batches', {
      token: ctx.adminToken,
      body: {
        name: `late ${names}`,
        kind: 'shared',
        code: `Late${names}x`,
        totalLimit: 5,
        rewards: [{ kind: 'gem', amount: 5 }],
        startAt: at(-1),
        endAt: at(1),
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('endAt');
    ctx.clock.set(null);
    // A batch that ended keeps its window while its name changes; a new past end is refused.
    ctx.clock.set(new Date(Date.now() - 3 * HOUR));
    const ended = await shared(5, { startAt: at(-3), endAt: at(-2) });
    ctx.clock.set(null);
    const stored = await getBatch(ended.id);
    const body = {
      name: `renamed ${names}`,
      kind: 'shared',
      code: stored.code,
      totalLimit: 5,
      rewards: stored.rewards,
      startAt: stored.startAt,
      endAt: stored.endAt,
    };
    const rename = await ctx.call('PUT', `/api/v1/giftcode/batches/${ended.id}`, { token: ctx.adminToken, body });
    expect(rename.statusCode, rename.body).toBe(200);
    const moved = await ctx.call('PUT', `/api/v1/giftcode/batches/${ended.id}`, {
      token: ctx.adminToken,
      body: { ...body, endAt: at(-1) },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors[0].field).toBe('endAt');
  });

  it('refuses bad batches with field messages and changes nothing', async () => {
    const before = await ctx.fingerprint();
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await ctx.call('POST', '/api/v1/giftcode/batches', {
        token: ctx.adminToken,
        body: { name: 'x', rewards: [{ kind: 'gem', amount: 1 }], startAt: at(0), endAt: at(1), ...body },
        locale: 'zh-CN',
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    };
    await bad({ kind: 'shared', totalLimit: 10 }, 'code');
    await bad({ kind: 'shared', code: 'ab', totalLimit: 10 }, 'code');
    // A shared code shaped like a unique code would be taken for a mistyped one.
    await bad({ kind: 'shared', code: 'ABCDEFGHJKLM', totalLimit: 10 }, 'code');
    await bad({ kind: 'shared', code: 'SPRING', totalLimit: 0 }, 'totalLimit');
    await bad({ kind: 'unique', codeCount: 1_000_001 }, 'codeCount');
    await bad({ kind: 'unique', codeCount: 5, startAt: at(2) }, 'endAt');
    await bad({ kind: 'unique', codeCount: 5, rewards: [] }, 'rewards');
    expect(await ctx.fingerprint()).toEqual(before);
  });

  it('lists total, claimed, remaining and state, filtered by state', async () => {
    const active = await shared(3);
    const scheduled = await shared(3, { startAt: at(2), endAt: at(3) });
    const off = await shared(3, { enabled: false });
    expect(active.state).toBe('active');
    expect(scheduled.state).toBe('scheduled');
    expect(off.state).toBe('disabled');
    // The code is stored as players may type it: any case.
    expect(active.code).toMatch(/^PENGUIN\d+X$/);
    const list = async (state: string) => {
      const res = await ctx.call('GET', `/api/v1/giftcode/batches?state=${state}&pageSize=1000`, {
        token: ctx.adminToken,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.list.map((b: { id: number }) => b.id);
    };
    expect(await list('scheduled')).toContain(scheduled.id);
    expect(await list('scheduled')).not.toContain(active.id);
    expect(await list('disabled')).toContain(off.id);
    const dup = await ctx.call('POST', '/api/v1/giftcode/batches', {
      token: ctx.adminToken,
      body: {
        name: 'dup',
        kind: 'shared',
        code: active.code!.toLowerCase(),
        totalLimit: 1,
        rewards: [{ kind: 'gem', amount: 1 }],
        startAt: at(0),
        endAt: at(1),
      },
    });
    expect(dup.statusCode).toBe(409);
  });
});

describe('redemption', () => {
  it('grants the rewards once through the one reward path, in any case, and logs the event', async () => {
    const b = await shared(10);
    const p = await player();
    const before = await gems(p);
    const first = await redeem(p, b.code!.toLowerCase());
    expect(first.status).toBe('redeemed');
    expect(first.rewards).toEqual([{ kind: 'gem', amount: 50 }]);
    expect(await gems(p)).toBe(before + 50);
    const again = await redeem(p, b.code!);
    expect(again.status).toBe('alreadyRedeemed');
    expect(again.message).toBe('You have already redeemed this gift');
    expect(await gems(p)).toBe(before + 50);
    const log = await ctx.call('GET', `/api/v1/users/log?userId=${p}&type=giftCode`, { token: ctx.adminToken });
    expect(log.json().data.list).toHaveLength(1);
    expect(log.json().data.list[0].data).toMatchObject({ batchId: b.id, code: b.code, rewards: first.rewards });
    // One event per redemption, the gift code's with its rewards: no second `rewards` event.
    const rewardsLog = await ctx.call('GET', `/api/v1/users/log?userId=${p}&type=rewards`, { token: ctx.adminToken });
    expect(rewardsLog.json().data.list).toHaveLength(0);
    expect((await getBatch(b.id)).claimed).toBe(1);
    const history = await ctx.call('GET', `/api/v1/giftcode/user/query?userId=${p}`, { token: ctx.adminToken });
    expect(history.json().data.list).toMatchObject([
      { userId: p, batchId: b.id, code: b.code, rewards: first.rewards },
    ]);
    const byCode = await ctx.call('GET', `/api/v1/giftcode/user/query?code=${b.code!.toLowerCase()}`, {
      token: ctx.adminToken,
    });
    expect(byCode.json().data.list.map((r: { userId: number }) => r.userId)).toEqual([p]);
  });

  it('says every reason, in the player language', async () => {
    const p = await player({ os: 'android', country: 'US' });
    expect((await redeem(p, 'NOSUCHCODE')).status).toBe('unknown');
    const notStarted = await shared(5, { startAt: at(1), endAt: at(2) });
    const r = await redeem(p, notStarted.code!, {}, 'zh-CN');
    expect(r.status).toBe('notStarted');
    expect(r.message).toContain('兑换尚未开始');
    // A batch made while its window was ahead, then left behind by the clock.
    ctx.clock.set(new Date(Date.now() - 3 * HOUR));
    const expired = await shared(5, { startAt: at(-3), endAt: at(-2) });
    ctx.clock.set(null);
    expect((await redeem(p, expired.code!)).status).toBe('expired');
    const off = await shared(5, { enabled: false });
    expect((await redeem(p, off.code!)).status).toBe('disabled');
    const ios = await shared(5, { platforms: ['ios'] });
    expect((await redeem(p, ios.code!)).status).toBe('notEligible');
    const channel = await shared(5, { channels: ['huawei'] });
    expect((await redeem(p, channel.code!)).status).toBe('notEligible');
    expect((await redeem(p, channel.code!, { channel: 'huawei' })).status).toBe('redeemed');
    const cn = await shared(5, { conditions: [{ attr: 'country', op: 'equal', value: 'CN' }] });
    expect((await redeem(p, cn.code!)).status).toBe('notEligible');
    const one = await shared(1);
    expect((await redeem(await player(), one.code!)).status).toBe('redeemed');
    expect((await redeem(p, one.code!)).status).toBe('usedUp');
    expect((await getBatch(one.id)).state).toBe('usedUp');
    const listed = await player();
    const bl = await ctx.call('POST', '/api/v1/users/blacklist', {
      token: ctx.adminToken,
      body: { userIds: [listed], reason: 'cheating' },
    });
    expect(bl.statusCode, bl.body).toBe(200);
    const open = await shared(5);
    expect((await redeem(listed, open.code!)).status).toBe('blacklisted');
    // Unique codes: used by another player, disabled, mistyped.
    const u = await createBatch({ kind: 'unique', codeCount: 3 });
    await waitGenerated(u.id, 3);
    const [c1, c2, c3] = (await codesOf(u.id)).map((c) => c.code);
    expect((await redeem(await player(), c1)).status).toBe('redeemed');
    expect((await redeem(p, c1)).status).toBe('alreadyUsed');
    const dis = await ctx.call('POST', `/api/v1/giftcode/batches/${u.id}/codes/disable`, {
      token: ctx.adminToken,
      body: { codes: [c2] },
    });
    expect(dis.json().data).toEqual({ disabled: 1 });
    expect((await redeem(p, c2)).status).toBe('disabled');
    const typo = c3.slice(0, 5) + (c3[5] === 'A' ? 'B' : 'A') + c3.slice(6);
    expect((await redeem(p, typo)).status).toBe('typo');
    expect((await redeem(p, c3.toLowerCase().replace(/(.{4})/g, '$1-'))).status).toBe('redeemed');
    // Per-player limit: a second unique code of the same batch is refused.
    const u2 = await createBatch({ kind: 'unique', codeCount: 2 });
    await waitGenerated(u2.id, 2);
    const [d1, d2] = (await codesOf(u2.id)).map((c) => c.code);
    const q = await player();
    expect((await redeem(q, d1)).status).toBe('redeemed');
    expect((await redeem(q, d2)).status).toBe('alreadyRedeemed');
    const b = await getBatch(u.id);
    expect(b).toMatchObject({ total: 3, claimed: 2, remaining: 0, disabledCodes: 1, state: 'usedUp' });
  });

  it('refuses a mistyped unique code before any database statement', async () => {
    const p = await player();
    const [good] = randomCodes(1);
    const typo = good.slice(0, -1) + (good.endsWith('A') ? 'B' : 'A');
    // Only the statements made on the redemption's own path count: its async context is marked, so
    // a background job (the jobs' timers, caches refreshing) running in the same window is not
    // taken for the redemption's. The console's access log is written in batches on a timer off
    // every request path (a timer a request started carries its mark): left out as well.
    const db = ctx.database.db as unknown as Record<string, (...args: unknown[]) => unknown>;
    const made: string[] = [];
    const spies = ['transaction', 'select', 'execute', 'insert', 'update'].map((m) => {
      const original = db[m].bind(db);
      return vi.spyOn(db, m).mockImplementation((...args: unknown[]) => {
        if (onRedemption.getStore() && args[0] !== accessLog) made.push(m);
        return original(...args);
      });
    });
    try {
      const r = await onRedemption.run(true, () => redeem(p, typo));
      expect(r.status).toBe('typo');
      expect(made).toEqual([]);
      // The mark reaches the request's handling: a real redemption's statements are seen.
      await onRedemption.run(true, () => redeem(p, good));
      expect(made.length).toBeGreaterThan(0);
    } finally {
      for (const s of spies) s.mockRestore();
    }
  });

  it('throttles failed attempts per player and per IP, and lets them try again after the window', async () => {
    const now = Date.now();
    ctx.clock.set(new Date(now));
    const p = await player();
    const b = await shared(10);
    for (let i = 0; i < THROTTLE.perPlayer; i++) expect((await redeem(p, `WRONG${i}`)).status).toBe('unknown');
    const blocked = await redeem(p, b.code!);
    expect(blocked.status).toBe('throttled');
    expect(blocked.retryAt).toBe(new Date(now + THROTTLE.windowMs).toISOString());
    expect(blocked.message).toContain(blocked.retryAt);
    ctx.clock.set(new Date(now + THROTTLE.windowMs + 1000));
    expect((await redeem(p, b.code!)).status).toBe('redeemed');
    // The ended window's counter is pruned; a live one stays.
    expect(await pruneGiftCodeAttempts(ctx.database.db, new Date(now + THROTTLE.windowMs + 1000))).toBeGreaterThan(0);

    // Per IP: many players guessing from one address.
    const ip = '192.0.2.77';
    for (let i = 0; i < THROTTLE.perIp; i++)
      expect((await redeem(await player(), `GUESS${i}`, { playerIp: ip })).status).toBe('unknown');
    const fresh = await player();
    expect((await redeem(fresh, b.code!, { playerIp: ip })).status).toBe('throttled');
    expect((await redeem(fresh, b.code!)).status).toBe('redeemed');

    // Without the player's IP the call's own address is the game server's: not counted per IP.
    for (let i = 0; i <= THROTTLE.perIp; i++)
      expect((await redeem(await player(), `NOIP${i}`, { playerIp: undefined })).status).toBe('unknown');
    expect((await redeem(await player(), b.code!, { playerIp: undefined })).status).toBe('redeemed');
  });

  it('a code holding what no code holds (NUL, a lone surrogate) is unknown like any other, and counted', async () => {
    const p = await player();
    const b = await shared(10);
    const usual = await redeem(p, 'NOSUCHCODE');
    expect(usual.status).toBe('unknown');
    const odd = ['ABC\u0000D', '\u0000', 'AB\ud800C', '\udfffABCD', 'ABC\uffffD', 'ÄBC!'];
    for (const code of odd.slice(0, THROTTLE.perPlayer - 1)) {
      const r = await redeem(p, code);
      expect(r, JSON.stringify(code)).toEqual({ ...usual });
      // The console's dry run answers the same, not counting.
      const test = await ctx.call('POST', '/api/v1/giftcode/test', {
        token: ctx.adminToken,
        body: { userId: p, code },
      });
      expect(test.statusCode, test.body).toBe(200);
      expect(test.json().data).toMatchObject({ status: 'unknown', message: usual.message });
    }
    // Counted toward the player's throttle as every unknown code is: the next failures block.
    for (let i = odd.length + 1; i < THROTTLE.perPlayer; i++)
      expect((await redeem(p, `ABC${i}\u0000`)).status).toBe('unknown');
    expect((await redeem(p, b.code!)).status).toBe('throttled');
    // A player that does not exist is still 404 first, whatever the code.
    const none = await game('POST', '/api/game/v1/players/99999999/gift-codes/redeem', { code: 'ABC\u0000D' });
    expect(none.statusCode).toBe(404);
  });

  it('a dry run in the console says what would happen and changes nothing', async () => {
    const b = await shared(5);
    const p = await player();
    const before = await ctx.fingerprint();
    const test = async (code: string) => {
      const res = await ctx.call('POST', '/api/v1/giftcode/test', { token: ctx.adminToken, body: { userId: p, code } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    expect(await test(b.code!)).toMatchObject({ status: 'redeemed', rewards: [{ kind: 'gem', amount: 50 }] });
    expect((await test('NOPE1234')).status).toBe('unknown');
    expect(await ctx.fingerprint()).toEqual(before);
    // It is the same path: after the real redemption the dry run says so.
    expect((await redeem(p, b.code!)).status).toBe('redeemed');
    expect((await test(b.code!)).status).toBe('alreadyRedeemed');
  });
});

describe('exact under concurrency', () => {
  it('a shared code limited to 100: 200 redemptions, exactly 100 succeed and 100 say used up', async () => {
    const b = await shared(100);
    const players = await many(200, () => player());
    const results = await many(200, (i) => redeem(players[i], b.code!));
    const count = (s: string) => results.filter((r) => r.status === s).length;
    expect(count('redeemed')).toBe(100);
    expect(count('usedUp')).toBe(100);
    const after = await getBatch(b.id);
    expect(after).toMatchObject({ claimed: 100, remaining: 0, state: 'usedUp' });
    const rows = await ctx.database.db.execute(
      sql`select count(*)::int as n from gift_code_redemptions where batch_id = ${b.id}`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0].n).toBe(100);
  }, 120_000);

  it('a limit changed after redemptions: raised, the batch takes exactly the new total; never below what was claimed', async () => {
    const b = await shared(3);
    const players = await many(10, () => player());
    const first = await many(5, (i) => redeem(players[i], b.code!));
    expect(first.filter((r) => r.status === 'redeemed')).toHaveLength(3);
    const body = {
      kind: 'shared',
      name: 'raised',
      code: b.code,
      rewards: [{ kind: 'gem', amount: 50 }],
      startAt: at(-1),
      endAt: at(24),
    };
    const lower = await ctx.call('PUT', `/api/v1/giftcode/batches/${b.id}`, {
      token: ctx.adminToken,
      body: { ...body, totalLimit: 2 },
    });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().msg).toContain('3');
    const raise = await ctx.call('PUT', `/api/v1/giftcode/batches/${b.id}`, {
      token: ctx.adminToken,
      body: { ...body, totalLimit: 5 },
    });
    expect(raise.statusCode, raise.body).toBe(200);
    expect(raise.json().data).toMatchObject({ total: 5, claimed: 3, remaining: 2, state: 'active' });
    const second = await many(5, (i) => redeem(players[i + 5], b.code!));
    expect(second.filter((r) => r.status === 'redeemed')).toHaveLength(2);
    expect(second.filter((r) => r.status === 'usedUp')).toHaveLength(3);
    // The slots' quotas still add up to the limit, none below what it claimed.
    const slots = (await ctx.database.db.execute(
      sql`select sum(quota)::int as quota, sum(claimed)::int as claimed, count(*)::int as n from gift_code_counters where batch_id = ${b.id}`,
    )) as unknown as { rows: { quota: number; claimed: number; n: number }[] };
    expect(slots.rows[0]).toEqual({ quota: 5, claimed: 5, n: COUNTER_SLOTS });
  }, 60_000);

  it('redemptions sent together share statements and stay exact (one player thrice, one unique code thrice, a limit of 10)', async () => {
    const b = await shared(10);
    const u = await createBatch({ kind: 'unique', codeCount: 1 });
    await waitGenerated(u.id, 1);
    const [{ code }] = await codesOf(u.id);
    const players: number[] = [];
    for (let i = 0; i < 24; i++) players.push(await player());
    const before = await gems(players[0]);
    // All at once on either database: the route's queue puts the waiting ones in one statement.
    const results = await Promise.all([
      ...players.slice(0, 20).map((p) => redeem(p, b.code!)),
      redeem(players[0], b.code!),
      redeem(players[0], b.code!),
      ...players.slice(21, 24).map((p) => redeem(p, code)),
    ]);
    const shared20 = results.slice(0, 22);
    const count = (list: { status: string }[], s: string) => list.filter((r) => r.status === s).length;
    expect(count(shared20, 'redeemed')).toBe(10);
    expect(count(shared20, 'usedUp') + count(shared20, 'alreadyRedeemed')).toBe(12);
    expect(count(results.slice(22), 'redeemed')).toBe(1);
    expect(count(results.slice(22), 'alreadyUsed')).toBe(2);
    expect((await getBatch(b.id)).claimed).toBe(10);
    const mine = results.slice(0, 22).filter((r, i) => (i === 0 || i >= 20) && r.status === 'redeemed');
    expect(mine.length).toBeLessThanOrEqual(1);
    expect(await gems(players[0])).toBe(before + 50 * mine.length);

    // The service with a queue of its own, called at once: on PGlite too, the waiting calls
    // share statements (the route's requests reach it one by one there).
    const queue = new RedemptionQueue(ctx.database.db, 1);
    const c = await shared(5);
    const more: number[] = [];
    for (let i = 0; i < 8; i++) more.push(await player());
    const direct = await Promise.all(
      [...more, more[0]].map((userId) =>
        redeemGiftCode(
          ctx.database.db,
          { userId, code: c.code!, locale: 'en-US', now: ctx.clock.now(), dryRun: false },
          queue,
        ),
      ),
    );
    expect(direct.filter((r) => r.status === 'redeemed')).toHaveLength(5);
    expect(direct.filter((r) => r.status === 'usedUp' || r.status === 'alreadyRedeemed')).toHaveLength(4);
    expect(queue.sent.redemptions).toBe(9);
    expect(queue.sent.statements).toBeLessThan(9);
    expect(queue.sent.retriedAlone).toBe(0);
    expect((await getBatch(c.id)).claimed).toBe(5);
  }, 60_000);

  it('one unique code, 50 players: exactly one', async () => {
    const u = await createBatch({ kind: 'unique', codeCount: 1 });
    await waitGenerated(u.id, 1);
    const [{ code }] = await codesOf(u.id);
    const players = await many(50, () => player());
    const results = await many(50, (i) => redeem(players[i], code));
    expect(results.filter((r) => r.status === 'redeemed')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'alreadyUsed')).toHaveLength(49);
  }, 60_000);

  it('one player, one batch, 20 requests: one', async () => {
    const b = await shared(1000);
    const p = await player();
    const before = await gems(p);
    const results = await many(20, () => redeem(p, b.code!));
    expect(results.filter((r) => r.status === 'redeemed')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'alreadyRedeemed')).toHaveLength(19);
    expect(await gems(p)).toBe(before + 50);
  }, 60_000);

  it('a statement of many players of one shared code writes them together: each granted once, counted once, logged once', async () => {
    const b = await shared(1000);
    const players: number[] = [];
    for (let i = 0; i < 24; i++) players.push(await player());
    const before = await Promise.all(players.map(gems));
    const queue = new RedemptionQueue(ctx.database.db, 1);
    const call = (userId: number) =>
      redeemGiftCode(
        ctx.database.db,
        { userId, code: b.code!, locale: 'en-US', now: ctx.clock.now(), dryRun: false },
        queue,
      );
    const results = await Promise.all(players.map(call));
    // One statement carried them all, and no redemption went one by one.
    expect(queue.sent).toMatchObject({ statements: 1, redemptions: 24, retriedAlone: 0 });
    expect(results.map((r) => r.status)).toEqual(players.map(() => 'redeemed'));
    for (const r of results) expect(r.saveCount).toBeGreaterThan(0);
    expect(await Promise.all(players.map(gems))).toEqual(before.map((g) => g + 50));
    expect((await getBatch(b.id)).claimed).toBe(24);
    const events = (await ctx.database.db.execute(
      sql`select user_id, count(*)::int as n from player_events where type = 'giftCode' and (data->>'batchId')::int = ${b.id} group by 1`,
    )) as unknown as { rows: { n: number }[] };
    expect(events.rows).toHaveLength(24);
    expect(events.rows.every((r) => Number(r.n) === 1)).toBe(true);
    // Again, together: every one already redeemed, nothing more granted or counted.
    const again = await Promise.all(players.map(call));
    expect(new Set(again.map((r) => r.status))).toEqual(new Set(['alreadyRedeemed']));
    expect((await getBatch(b.id)).claimed).toBe(24);
    expect(await Promise.all(players.map(gems))).toEqual(before.map((g) => g + 50));
  }, 60_000);

  it.runIf(onPostgres)(
    'a player redeeming in two statements at once: the second meets the first row, says already redeemed and gives its count back',
    async () => {
      const b = await shared(1000);
      const [p, q] = [await player(), await player()];
      const before = await gems(p);
      const items = (users: number[]) =>
        JSON.stringify(
          users.map((user) => ({
            user,
            code: b.code,
            unique: false,
            now: ctx.clock.now().toISOString(),
            ip: null,
            channel: null,
          })),
        );
      const throttle = JSON.stringify(THROTTLE);
      // A first statement redeems for p and holds its transaction open…
      let release!: () => void;
      const held = new Promise<void>((r) => {
        release = r;
      });
      let firstIn!: () => void;
      const firstWritten = new Promise<void>((r) => {
        firstIn = r;
      });
      const first = ctx.database.db.transaction(async (tx) => {
        const r = await tx.execute(
          sql`select gift_code_redeem_many(${items([p])}::jsonb, ${throttle}::jsonb, 1e9) as a`,
        );
        firstIn();
        await held;
        return r;
      });
      await firstWritten;
      // …while a second, for p and q, checks p (the first's row is not visible yet) and waits on
      // p's row of the unique index; the first commits, and the second skips p.
      // (A drizzle query runs when awaited: Promise.resolve starts it now.)
      const second = Promise.resolve(
        ctx.database.db.execute(
          sql`select gift_code_redeem_many(${items([p, q])}::jsonb, ${throttle}::jsonb, 1e9) as a`,
        ),
      );
      await new Promise((r) => setTimeout(r, 300));
      release();
      await first;
      const answers = ((await second) as unknown as { rows: { a: { status: string }[] }[] }).rows[0].a;
      expect(answers.map((a) => a.status)).toEqual(['alreadyRedeemed', 'redeemed']);
      expect((await getBatch(b.id)).claimed).toBe(2);
      expect(await gems(p)).toBe(before + 50);
    },
    60_000,
  );
});

describe('unique codes: listing, disabling, export', () => {
  it('disables the whole batch and says how many', async () => {
    const u = await createBatch({ kind: 'unique', codeCount: 20 });
    await waitGenerated(u.id, 20);
    const [first] = await codesOf(u.id);
    expect((await redeem(await player(), first.code)).status).toBe('redeemed');
    const res = await ctx.call('POST', `/api/v1/giftcode/batches/${u.id}/codes/disable`, {
      token: ctx.adminToken,
      body: { all: true },
    });
    expect(res.json().data).toEqual({ disabled: 19 });
    expect(await getBatch(u.id)).toMatchObject({ claimed: 1, disabledCodes: 19, remaining: 0, state: 'usedUp' });
    const states = (await codesOf(u.id)).map((c) => c.state);
    expect(states.filter((s) => s === 'used')).toHaveLength(1);
    expect(states.filter((s) => s === 'disabled')).toHaveLength(19);
  });

  it('streams the CSV of 100,000 codes complete', async () => {
    const u = await createBatch({ kind: 'unique', codeCount: 100_000 });
    await waitGenerated(u.id, 100_000);
    const res = await ctx.call('GET', `/api/v1/giftcode/batches/${u.id}/codes/export`, { token: ctx.adminToken });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    // Streamed: no length known up front.
    expect(res.headers['content-length']).toBeUndefined();
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(100_001);
    const codes = new Set(lines.slice(1).map((l) => l.split(',')[0]));
    expect(codes.size).toBe(100_000);
    for (const c of codes) expect(validUniqueCode(c)).toBe(true);
  }, 300_000);
});

describe('comeback mail with codes', () => {
  it('gives each selected player their own code, never one code twice, and says who was left without', async () => {
    const u = await createBatch({ kind: 'unique', codeCount: 3 });
    await waitGenerated(u.id, 3);
    // A country no other test uses: the audience is exactly these players.
    const away = [];
    for (let i = 0; i < 4; i++) away.push(await player({ country: 'IS' }, 10));
    const recent = await player({ country: 'IS' });
    const audience = { batchId: u.id, notLoginDays: 7, conditions: [{ attr: 'country', op: 'equal', value: 'IS' }] };
    const preview = await ctx.call('POST', '/api/v1/giftcode/sendcomebackemail/preview', {
      token: ctx.adminToken,
      body: audience,
    });
    expect(preview.json().data).toEqual({ players: 4, codesLeft: 3, sent: 3, withoutCode: 1 });
    const bad = await ctx.call('POST', '/api/v1/giftcode/sendcomebackemail', {
      token: ctx.adminToken,
      body: { ...audience, title: { 'en-US': 'Welcome back' }, content: { 'en-US': 'No code here' }, expireAt: at(48) },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ field: 'content.en-US' });
    const send = () =>
      ctx.call('POST', '/api/v1/giftcode/sendcomebackemail', {
        token: ctx.adminToken,
        body: {
          ...audience,
          title: { 'en-US': 'Welcome back' },
          content: { 'en-US': 'Your own code: {code}' },
          expireAt: at(48),
        },
      });
    const sent = await send();
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toEqual({ players: 4, codesLeft: 0, sent: 3, withoutCode: 1 });
    const codeOf = async (userId: number) => {
      const box = await game('GET', `/api/game/v1/players/${userId}/mailbox`);
      const mail = box.json().data.list.find((m: { title: string }) => m.title === 'Welcome back');
      return mail ? (/Your own code: (\w+)/.exec(mail.content)?.[1] ?? null) : null;
    };
    const given = await Promise.all(away.map(codeOf));
    const codes = given.filter((c): c is string => c !== null);
    expect(codes).toHaveLength(3);
    expect(new Set(codes).size).toBe(3);
    expect(new Set(codes)).toEqual(new Set((await codesOf(u.id)).map((c) => c.code)));
    expect(await codeOf(recent)).toBeNull();
    // A handed-out code is its player's alone.
    const holder = away[given.findIndex((c) => c !== null)];
    const other = away.find((p) => p !== holder)!;
    const code = (await codeOf(holder))!;
    expect((await redeem(other, code)).status).toBe('alreadyUsed');
    expect((await redeem(holder, code)).status).toBe('redeemed');
    // Again: nobody gets a second code, and the one left over is said.
    const again = await send();
    expect(again.json().data).toEqual({ players: 1, codesLeft: 0, sent: 0, withoutCode: 1 });
  });
});
