import { randomBytes } from 'node:crypto';
import { type Leaderboard, MAX_SCORE, MAX_SUBSCORE } from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_COMMIT_IN_FLIGHT } from '../../platform/db/group-commit.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { combine } from './service.js';
import { orderKeys, postgresStore, storeKeys } from './store.js';
import { applyEntries, CLAIM_IDLE_MS, MARKER_KEY, parseEntry, WAL_KEY } from './writebehind.js';

/**
 * Leaderboards (issue 45 items 3-5) through the game API, on both stores: PostgreSQL (no
 * `REDIS_URL`) and the machine's Redis under a prefix of this run's (cleaned up after). The same
 * submissions give the same standings on both; every operator and the tie-break; bad scores
 * refused with nothing written; the mini-game blacklist leaves players out and back; mock fill
 * only on test boards; a reset archives and rewards once.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `rookery-test-lb-${randomBytes(4).toString('hex')}:`;
const T0 = new Date('2026-06-01T10:00:00Z');
const R = '/api/v1/resources/leaderboard';

let pg: TestContext;
let rd: TestContext;
let raw: Redis;
let nextPlayer = 70_000;

const board = (over: Record<string, unknown> = {}) => ({
  id: 'jump',
  titleZh: '跳跃',
  titleEn: 'Jump',
  sortOrder: 'desc',
  operator: 'best',
  reset: 'never',
  timeZone: 'Asia/Shanghai',
  allowNegative: false,
  testBoard: false,
  rewardBands: [],
  ...over,
});

beforeAll(async () => {
  raw = new Redis(REDIS_URL);
  pg = await createTestContext();
  rd = await createTestContext({ config: { redisUrl: REDIS_URL, redisPrefix: prefix } });
  for (const c of [pg, rd]) c.clock.set(T0);
}, 600_000);
/** This run's keys (and only them: other tests share the Redis). */
async function keysUnderPrefix() {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await raw.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    found.push(...keys);
  } while (cursor !== '0');
  return found;
}
async function clearPrefix() {
  const keys = await keysUnderPrefix();
  if (keys.length) await raw.del(...keys);
}
afterAll(async () => {
  // The app first: its drainer, finding the log gone, would rebuild every board into the prefix.
  await pg?.close();
  await rd?.close();
  await clearPrefix();
  expect(await keysUnderPrefix()).toEqual([]);
  raw?.disconnect();
}, 120_000);

/** A player on both databases (same ID). */
async function player() {
  nextPlayer += 1;
  for (const c of [pg, rd])
    await c.database.db.execute(
      sql`insert into players (id, state, os, country, first_login_at, updated_at) values (${nextPlayer}, '{}'::jsonb, 'ios', 'US', now(), now())`,
    );
  return nextPlayer;
}
const both = async (fn: (c: TestContext) => Promise<unknown>) => Promise.all([fn(pg), fn(rd)]);
const createBoard = (over: Record<string, unknown> = {}) => both((c) => c.adminOk('POST', R, board(over)));
const submit = (c: TestContext, userId: number, body: Record<string, unknown>) =>
  c.game('POST', `/api/game/v1/players/${userId}/scores`, { body });
const submitOk = async (c: TestContext, userId: number, body: Record<string, unknown>) => {
  const res = await submit(c, userId, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const top = async (c: TestContext, id: string, limit = 100) => {
  const res = await c.game('GET', `/api/game/v1/leaderboards/${id}?limit=${limit}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.entries as Line[];
};
interface Line {
  rank: number;
  userId: number;
  score: number;
  subscore: number;
  submittedAt: string;
  mock: boolean;
}
const lines = (entries: Line[]) => entries.map((e) => `${e.rank}:${e.userId}:${e.score}/${e.subscore}`);
const rankOf = async (c: TestContext, id: string, userId: number, around = 2) => {
  const res = await c.game('GET', `/api/game/v1/players/${userId}/leaderboards/${id}?around=${around}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { entry: { rank: number } | null; around: { rank: number; userId: number }[] };
};
const tick = (ms: number) => {
  for (const c of [pg, rd]) c.clock.set(new Date(c.clock.now().getTime() + ms));
};

describe('the same standings on PostgreSQL and Redis', () => {
  it('the same submissions give the same top, ranks and neighbours, ties broken by sub-score then time', async () => {
    await createBoard({ id: 'same' });
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) ids.push(await player());
    // Scores with many ties: 10 distinct scores, sub-scores 0-2, submissions one second apart.
    for (const [i, id] of ids.entries()) {
      const body = { board: 'same', score: (i * 7) % 10, subscore: i % 3 };
      await both((c) => submitOk(c, id, body));
      tick(1_000);
      if (i % 4 === 0) await both((c) => submitOk(c, id, { board: 'same', score: 1 })); // worse: kept
    }
    const [a, b] = await Promise.all([top(pg, 'same'), top(rd, 'same')]);
    expect(a).toHaveLength(30);
    expect(lines(b)).toEqual(lines(a));
    expect(b.map((e) => e.submittedAt)).toEqual(a.map((e) => e.submittedAt));
    // Sorted: score desc, sub-score desc, earliest submission first.
    for (let i = 1; i < a.length; i++) {
      const [p, q] = [a[i - 1]!, a[i]!];
      const better =
        p.score > q.score ||
        (p.score === q.score && p.subscore > q.subscore) ||
        (p.score === q.score && p.subscore === q.subscore && p.submittedAt <= q.submittedAt);
      expect(better, `${lines([p, q])}`).toBe(true);
    }
    for (const id of [ids[0]!, ids[13]!, ids[29]!]) {
      const [x, y] = await Promise.all([rankOf(pg, 'same', id), rankOf(rd, 'same', id)]);
      expect(y).toEqual(x);
      expect(x.entry?.rank).toBe(a.findIndex((e) => e.userId === id) + 1);
    }
    const [x, y] = await both((c) =>
      c.adminOk('GET', `/api/v1/minigame/leaderboards/same/standings?limit=5&userId=${ids[5]}`),
    );
    expect((x as { store: string }).store).toBe('postgres');
    expect((y as { store: string }).store).toBe('redis');
    expect({ ...(y as object), store: '' }).toEqual({ ...(x as object), store: '' });
  });

  it('ascending boards: lowest first, the earliest of equals first', async () => {
    await createBoard({ id: 'fastest', sortOrder: 'asc' });
    const [p1, p2, p3] = [await player(), await player(), await player()];
    await both((c) => submitOk(c, p1, { board: 'fastest', score: 30, subscore: 5 }));
    tick(1_000);
    await both((c) => submitOk(c, p2, { board: 'fastest', score: 30, subscore: 5 }));
    await both((c) => submitOk(c, p3, { board: 'fastest', score: 30, subscore: 2 }));
    for (const c of [pg, rd]) expect((await top(c, 'fastest')).map((e) => e.userId)).toEqual([p3, p1, p2]);
    // best on ascending: a lower time replaces, a higher one is kept out.
    await both((c) => submitOk(c, p2, { board: 'fastest', score: 10 }));
    await both((c) => submitOk(c, p3, { board: 'fastest', score: 99 }));
    for (const c of [pg, rd])
      expect(lines(await top(c, 'fastest'))).toEqual([`1:${p2}:10/0`, `2:${p3}:30/2`, `3:${p1}:30/5`]);
  });
});

describe('operators', () => {
  it('best, set, increment, decrement (floored at 0 where negatives are forbidden)', async () => {
    for (const operator of ['best', 'set', 'increment', 'decrement'])
      await createBoard({ id: `op-${operator}`, operator });
    await createBoard({ id: 'op-decrement-neg', operator: 'decrement', allowNegative: true });
    const p = await player();
    const run = async (id: string, scores: number[]) => {
      const out: number[][] = [];
      for (const score of scores)
        out.push((await both((c) => submitOk(c, p, { board: id, score }))).map((d) => (d as { score: number }).score));
      return out.map(([a, b]) => {
        expect(b).toBe(a);
        return a;
      });
    };
    expect(await run('op-best', [5, 3, 8, 8])).toEqual([5, 5, 8, 8]);
    expect(await run('op-set', [5, 3, 8])).toEqual([5, 3, 8]);
    expect(await run('op-increment', [5, 3, 8])).toEqual([5, 8, 16]);
    expect(await run('op-decrement', [5, 3, 8])).toEqual([0, 0, 0]);
    expect(await run('op-decrement-neg', [5, 3])).toEqual([-5, -8]);
    for (const c of [pg, rd]) expect((await top(c, 'op-decrement-neg'))[0]).toMatchObject({ userId: p, score: -8 });
  });
});

describe('bad scores', () => {
  it('NaN, 1e309, negative where forbidden, unknown board, bad sub-score: clear 4xx, nothing written', async () => {
    await createBoard({ id: 'strict' });
    const p = await player();
    for (const c of [pg, rd]) {
      const before = await c.fingerprint();
      const rawBody = (text: string) =>
        c.app.inject({
          method: 'POST',
          url: `/api/game/v1/players/${p}/scores`,
          headers: {
            'x-game-key': 'test-game-key-0123456789',
            'content-type': 'application/json',
            'accept-language': 'zh-CN',
          },
          payload: text,
        });
      const nan = await rawBody('{"board":"strict","score":NaN}');
      expect(nan.statusCode).toBe(400);
      const huge = await rawBody('{"board":"strict","score":1e309}');
      expect(huge.statusCode).toBe(400);
      expect(huge.body).toContain('分数');
      const neg = await submit(c, p, { board: 'strict', score: -1 });
      expect(neg.statusCode).toBe(400);
      expect(neg.json().msg).toContain('negative');
      const unknown = await submit(c, p, { board: 'nope', score: 1 });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().msg).toBe('No such leaderboard');
      const frac = await submit(c, p, { board: 'strict', score: 1.5 });
      expect(frac.statusCode).toBe(400);
      const sub = await submit(c, p, { board: 'strict', score: 1, subscore: 2 ** 20 });
      expect(sub.statusCode).toBe(400);
      const big = await submit(c, p, { board: 'strict', score: 2 ** 32 });
      expect(big.statusCode).toBe(400);
      const meta = await submit(c, p, { board: 'strict', score: 1, meta: { x: 'y'.repeat(3000) } });
      expect(meta.statusCode).toBe(400);
      expect(await c.fingerprint()).toEqual(before);
    }
    expect(await raw.keys(`${prefix}lb:strict*`)).toEqual([]);
  });

  it('a Redis that does not answer: 503, nothing written', async () => {
    const dead = await createTestContext({
      config: { redisUrl: 'redis://127.0.0.1:1', redisPrefix: prefix },
    });
    try {
      await dead.adminOk('POST', R, board({ id: 'dead' }));
      await dead.database.db.execute(
        sql`insert into players (id, state, os, country, first_login_at, updated_at) values (1, '{}'::jsonb, 'ios', 'US', now(), now())`,
      );
      const before = await dead.fingerprint();
      const res = await submit(dead, 1, { board: 'dead', score: 5 });
      expect(res.statusCode).toBe(503);
      expect(res.json().msg).toContain('Redis');
      // Nothing written but the platform's record of the 503 (an incident, on PostgreSQL).
      const withoutIncidents = (f: Record<string, string>) =>
        Object.fromEntries(Object.entries(f).filter(([table]) => table !== 'incidents'));
      expect(withoutIncidents(await dead.fingerprint())).toEqual(withoutIncidents(before));
    } finally {
      await dead.close();
    }
  }, 30_000);
});

describe('submissions arriving together (group commit)', () => {
  it('share one batch, each caller getting its own answer, refusal or 404; the same through the game API', async () => {
    await createBoard({ id: 'crowd' });
    const ps = [await player(), await player(), await player(), await player(), await player()];
    await both(async (c) => {
      for (const p of ps.slice(0, 2)) await submitOk(c, p, { board: 'crowd', score: 50 });
      // Without Redis, the group-commit queue; with it, the write-behind path (one script each).
      const writeBehind = c.app.leaderboards.writeBehind !== null;
      const queue = c.app.leaderboards.submits;
      const before = { ...queue.sent };
      const [better, worse, first, negative, unknown] = await Promise.allSettled([
        c.app.leaderboards.submit({ userId: ps[0]!, board: 'crowd', score: 80, subscore: 3 }),
        c.app.leaderboards.submit({ userId: ps[1]!, board: 'crowd', score: 10 }),
        c.app.leaderboards.submit({ userId: ps[2]!, board: 'crowd', score: 70 }),
        c.app.leaderboards.submit({ userId: ps[3]!, board: 'crowd', score: -1 }),
        c.app.leaderboards.submit({ userId: ps[4]!, board: 'nope', score: 1 }),
      ]);
      if (!writeBehind) {
        // Fewer transactions than calls (PGlite: one carried all five; PostgreSQL: split over its
        // transactions in flight, 3 + 2 with two), none run again alone.
        expect(queue.sent.batches - before.batches).toBe(GROUP_COMMIT_IN_FLIGHT[c.database.kind]);
        expect(queue.sent.items - before.items).toBe(5);
        expect(queue.sent.retriedAlone).toBe(before.retriedAlone);
      }
      // PGlite: one batch, ranks after all of it. PostgreSQL: batches commit side by side, so a
      // rank counts the others' new scores or not (each a rank it could have had alone). Redis:
      // one after the other, in the order sent.
      const pglite = c.database.kind === 'pglite' && !writeBehind;
      const answer = (score: number, subscore: number, ranks: number[]) => ({
        status: 'fulfilled',
        value: { board: 'crowd', period: 'all', score, subscore, rank: pglite ? ranks[0] : expect.toBeOneOf(ranks) },
      });
      expect(better).toEqual(answer(80, 3, [1]));
      expect(worse).toEqual(answer(50, 0, [3, 2]));
      expect(first).toEqual(answer(70, 0, [2, 1]));
      expect(negative).toMatchObject({ status: 'rejected', reason: { status: 400, key: 'leaderboard.negative' } });
      expect(unknown).toMatchObject({ status: 'rejected', reason: { status: 404, key: 'leaderboard.notFound' } });
      await c.app.leaderboards.flush();
      // The refused wrote nothing; the others each one attempt.
      const attempts = (await c.database.db.execute(
        sql`select user_id::int as u, count(*)::int as n from leaderboard_attempts where board in ('crowd', 'nope') group by user_id order by user_id`,
      )) as unknown as { rows: { u: number; n: number }[] };
      expect(attempts.rows).toEqual([
        { u: ps[0], n: 2 },
        { u: ps[1], n: 2 },
        { u: ps[2], n: 1 },
      ]);
      expect((await top(c, 'crowd')).map((l) => [l.userId, l.score, l.rank])).toEqual([
        [ps[0], 80, 1],
        [ps[2], 70, 2],
        [ps[1], 50, 3],
      ]);
      // Through the game API at once: the same answers whether batched or not.
      const res = await Promise.all([
        submit(c, ps[0]!, { board: 'crowd', score: 90 }),
        submit(c, ps[1]!, { board: 'crowd', score: 95 }),
        submit(c, ps[3]!, { board: 'crowd', score: -5 }),
        submit(c, ps[4]!, { board: 'nope', score: 1 }),
      ]);
      expect(res.map((r) => r.statusCode)).toEqual([200, 200, 400, 404]);
      expect(res[0]!.json().data).toMatchObject({ score: 90 });
      expect(res[1]!.json().data).toMatchObject({ score: 95, rank: 1 });
    });
  }, 60_000);
});

describe('the mini-game blacklist', () => {
  it('leaves a player out at once on both stores, and back when lifted or when it ends', async () => {
    await createBoard({ id: 'bl' });
    const [a, b, c3] = [await player(), await player(), await player()];
    for (const [id, score] of [
      [a, 30],
      [b, 20],
      [c3, 10],
    ] as const)
      await both((c) => submitOk(c, id, { board: 'bl', score }));
    const until = new Date(T0.getTime() + 365 * 86_400_000).toISOString();
    await both((c) =>
      c.adminOk('POST', '/api/v1/minigame/blacklist', { userId: a, reason: 'cheating', endsAt: until }),
    );
    for (const c of [pg, rd]) {
      expect(lines(await top(c, 'bl'))).toEqual([`1:${b}:20/0`, `2:${c3}:10/0`]);
      expect((await rankOf(c, 'bl', a)).entry).toBeNull();
      expect((await rankOf(c, 'bl', c3)).entry?.rank).toBe(2);
    }
    // A blacklisted player's new score is stored but stays out.
    await both((c) => submitOk(c, a, { board: 'bl', score: 40 }));
    for (const c of [pg, rd]) expect((await top(c, 'bl')).map((e) => e.userId)).toEqual([b, c3]);
    await both((c) => c.adminOk('POST', '/api/v1/minigame/blacklist/remove', { userId: a }));
    for (const c of [pg, rd]) expect(lines(await top(c, 'bl'))).toEqual([`1:${a}:40/0`, `2:${b}:20/0`, `3:${c3}:10/0`]);
    // An end time: out until it passes (the service clock), back after, no job needed.
    const soon = new Date(pg.clock.now().getTime() + 3_600_000).toISOString();
    await both((c) => c.adminOk('POST', '/api/v1/minigame/blacklist', { userId: b, reason: 'r', endsAt: soon }));
    for (const c of [pg, rd]) expect((await top(c, 'bl')).map((e) => e.userId)).toEqual([a, c3]);
    tick(3_600_001);
    for (const c of [pg, rd]) expect((await top(c, 'bl')).map((e) => e.userId)).toEqual([a, b, c3]);
    // The players' blacklist flag leaves them out too.
    await both((c) => c.adminOk('POST', '/api/v1/users/blacklist', { userIds: [c3], reason: 'fraud' }));
    for (const c of [pg, rd]) expect((await top(c, 'bl')).map((e) => e.userId)).toEqual([a, b]);
    await both((c) => c.adminOk('POST', '/api/v1/users/blacklist/remove', { userIds: [c3] }));
    // An end in the past is refused.
    const past = await pg.admin('POST', '/api/v1/minigame/blacklist', {
      userId: a,
      reason: 'r',
      endsAt: new Date(pg.clock.now().getTime() - 1000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
  });
});

describe('console tools', () => {
  it('mock fill only on a test board, removed in one action; remove a score; rebuild from stored scores', async () => {
    await createBoard({ id: 'real' });
    await createBoard({ id: 'mocked', testBoard: true });
    const p = await player();
    await both((c) => submitOk(c, p, { board: 'mocked', score: 5_000 }));
    for (const c of [pg, rd]) {
      const refused = await c.admin('POST', '/api/v1/minigame/leaderboards/real/mock', { players: 10 });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().msg).toContain('test board');
      const fill = await c.adminOk('POST', '/api/v1/minigame/leaderboards/mocked/mock', { players: 50 });
      expect(fill.added).toBe(50);
      const standing = await top(c, 'mocked');
      expect(standing).toHaveLength(51);
      expect(standing.filter((e) => e.mock)).toHaveLength(50);
      const cleared = await c.adminOk('POST', '/api/v1/minigame/leaderboards/mocked/mock/clear', {});
      expect(cleared.removed).toBe(50);
      expect((await top(c, 'mocked')).map((e) => e.userId)).toEqual([p]);
    }
    // Remove a score; rebuild answers the stored count and the standings are unchanged.
    const q = await player();
    await both((c) => submitOk(c, q, { board: 'mocked', score: 1 }));
    await both((c) =>
      c.adminOk('POST', '/api/v1/minigame/leaderboards/mocked/scores/remove', { userId: p, reason: 'r' }),
    );
    for (const c of [pg, rd]) expect((await top(c, 'mocked')).map((e) => e.userId)).toEqual([q]);
    // Redis loses the board (a flush): rebuild brings back what PostgreSQL holds.
    const keys = await raw.keys(`${prefix}lb:mocked:*`);
    expect(keys.length).toBeGreaterThan(0);
    await raw.del(...keys);
    expect(await top(rd, 'mocked')).toEqual([]);
    const rebuilt = await rd.adminOk('POST', '/api/v1/minigame/leaderboards/mocked/rebuild', {});
    expect(rebuilt).toEqual({ store: 'redis', count: 1 });
    expect(lines(await top(rd, 'mocked'))).toEqual(lines(await top(pg, 'mocked')));
    const history = await pg.adminOk('GET', `/api/v1/minigame/leaderboards/mocked/attempts?userId=${p}`);
    expect(history.list.map((a: { score: number }) => a.score)).toEqual([5_000]);
  });
});

describe('resets', () => {
  it('a daily reset archives the final standings into the hall of fame and mails rank rewards once', async () => {
    for (const c of [pg, rd]) c.clock.set(new Date('2026-07-01T10:00:00Z'));
    await createBoard({
      id: 'daily',
      reset: 'daily',
      timeZone: 'Asia/Shanghai',
      rewardBands: [
        { fromRank: 1, toRank: 1, rewards: [{ kind: 'gem', amount: 100 }] },
        { fromRank: 2, toRank: 3, rewards: [{ kind: 'gem', amount: 10 }] },
      ],
    });
    const ps = [await player(), await player(), await player(), await player()];
    for (const [i, p] of ps.entries()) await both((c) => submitOk(c, p, { board: 'daily', score: 100 - i }));
    for (const c of [pg, rd]) {
      expect(await c.app.leaderboards.checkPeriods(c.clock.now())).toEqual([]); // first sight: recorded
      // 16:00 UTC is midnight in Shanghai: the period ends.
      c.clock.set(new Date('2026-07-01T16:00:01Z'));
      const resets = await c.app.leaderboards.checkPeriods(c.clock.now());
      expect(resets).toEqual([{ board: 'daily', period: '2026-07-01' }]);
      expect(await c.app.leaderboards.checkPeriods(c.clock.now())).toEqual([]); // once
      // The new period starts empty.
      expect(await top(c, 'daily')).toEqual([]);
      // The reset job runs (the queue of this instance); wait for its archive.
      let fame: { list: { rank: number; userId: number; rewards: unknown[] }[] } = { list: [] };
      for (let i = 0; i < 100 && fame.list.length < 4; i++) {
        await new Promise((r) => setTimeout(r, 100));
        fame = await c.adminOk('GET', '/api/v1/minigame/fame?board=daily');
      }
      expect(fame.list.map((f) => [f.rank, f.userId, f.rewards])).toEqual([
        [1, ps[0], [{ kind: 'gem', amount: 100 }]],
        [2, ps[1], [{ kind: 'gem', amount: 10 }]],
        [3, ps[2], [{ kind: 'gem', amount: 10 }]],
        [4, ps[3], []],
      ]);
      // Running the archive again (a retry, a second instance) changes nothing.
      const { archivePeriod } = await import('./service.js');
      expect(
        await c.database.db.transaction((tx) => archivePeriod(tx, 'daily', '2026-07-01', c.clock.now())),
      ).toBeNull();
      const mails = (await c.database.db.execute(
        sql`select pm.user_id from player_mails pm join mails m on m.id = pm.mail_id where m.title->>'en-US' = 'Leaderboard reward' order by pm.user_id`,
      )) as unknown as { rows: { user_id: string }[] };
      expect(mails.rows.map((r) => Number(r.user_id))).toEqual(ps.slice(0, 3));
    }
  }, 30_000);

  it('two instances on one PostgreSQL: one reset, one archive, rewards once', async () => {
    if (!process.env.TEST_DATABASE_URL) return;
    const second = await createTestContext({ shareDatabaseOf: pg });
    try {
      second.clock.set(pg.clock.now());
      await pg.adminOk(
        'POST',
        R,
        board({
          id: 'twice',
          reset: 'daily',
          timeZone: 'UTC',
          rewardBands: [{ fromRank: 1, toRank: 1, rewards: [{ kind: 'gem', amount: 1 }] }],
        }),
      );
      const p = await player();
      await submitOk(pg, p, { board: 'twice', score: 3 });
      await pg.app.leaderboards.checkPeriods(pg.clock.now());
      const next = new Date(pg.clock.now().getTime() + 86_400_000);
      pg.clock.set(next);
      second.clock.set(next);
      const [x, y] = await Promise.all([
        pg.app.leaderboards.checkPeriods(next),
        second.app.leaderboards.checkPeriods(next),
      ]);
      expect([...x, ...y].filter((r) => r.board === 'twice')).toHaveLength(1);
      const { archivePeriod } = await import('./service.js');
      const period = [...x, ...y].find((r) => r.board === 'twice')!.period;
      await Promise.all([
        pg.database.db.transaction((tx) => archivePeriod(tx, 'twice', period, next)),
        second.database.db.transaction((tx) => archivePeriod(tx, 'twice', period, next)),
      ]);
      let rows: unknown[] = [];
      for (let i = 0; i < 50; i++) {
        rows = (
          (await pg.database.db.execute(sql`select * from hall_of_fame where board = 'twice'`)) as unknown as {
            rows: unknown[];
          }
        ).rows;
        if (rows.length) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(rows).toHaveLength(1);
      const mails = (await pg.database.db.execute(
        sql`select count(*)::int as n from player_mails where user_id = ${p}`,
      )) as unknown as { rows: { n: number }[] };
      expect(mails.rows[0]!.n).toBe(1);
    } finally {
      await second.close();
    }
  }, 30_000);
});

describe('write-behind on the Redis path', () => {
  const wb = () => rd.app.leaderboards.writeBehind!;
  const wal = `${prefix}${WAL_KEY}`;
  const ref = (id: string) => ({ board: id, period: 'all', sortOrder: 'desc' as const });
  /** Both stores of the Redis context give the same top and the same lines around each player. */
  const sameInBoth = async (id: string, userIds: number[]) => {
    const now = rd.clock.now();
    const [a, b] = await Promise.all([
      postgresStore().top(rd.database.db, ref(id), 100, now),
      rd.app.leaderboards.store.top(rd.database.db, ref(id), 100, now),
    ]);
    expect(b).toEqual(a);
    for (const u of userIds)
      expect(await rd.app.leaderboards.store.around(rd.database.db, ref(id), u, 3, now)).toEqual(
        await postgresStore().around(rd.database.db, ref(id), u, 3, now),
      );
    return a;
  };
  const attemptsOf = async (id: string) =>
    (
      (await rd.database.db.execute(
        sql`select user_id::int as u, score::int as s from leaderboard_attempts where board = ${id} order by id`,
      )) as unknown as { rows: { u: number; s: number }[] }
    ).rows;

  it('every operator, clamp and tie-break: the script answers what combine() gives', async () => {
    const M = MAX_SCORE;
    // [player, score, sub-score]: ties, worse and better, the clamps at both ends, zero.
    const steps: [number, number, number][] = [
      [1, 5, 2],
      [2, 5, 2],
      [3, 5, 3],
      [1, 3, 9],
      [2, 6, 0],
      [3, 5, 3],
      [1, M, MAX_SUBSCORE],
      [1, M, 1],
      [2, -4, 5],
      [3, 0, 0],
      [2, -M, 0],
      [2, -M, MAX_SUBSCORE],
      [1, 7, 0],
    ];
    let t = T0.getTime();
    for (const operator of ['best', 'set', 'increment', 'decrement'] as const)
      for (const sortOrder of ['desc', 'asc'] as const)
        for (const allowNegative of [false, true]) {
          const b = board({ id: `f-${operator}-${sortOrder}-${allowNegative}`, operator, sortOrder, allowNegative });
          const known = b as unknown as Leaderboard;
          const stored = new Map<number, { score: number; subscore: number; at: number }>();
          for (const [player, score, subscore] of steps) {
            const userId = 990_000 + player;
            t += 1000;
            const s = { userId, board: known.id, score, subscore };
            if (score < 0 && !allowNegative) {
              await expect(wb().submit(known, s, new Date(t))).rejects.toMatchObject({ key: 'leaderboard.negative' });
              continue;
            }
            const next = combine(known, stored.get(userId), { score, subscore });
            if (next) stored.set(userId, { score: next.score + 0, subscore: next.subscore, at: t });
            const order = [...stored.entries()].sort(([u1, x], [u2, y]) => {
              const [p, q] = [orderKeys(sortOrder, x.score, x.subscore), orderKeys(sortOrder, y.score, y.subscore)];
              return p.k1 - q.k1 || p.k2 - q.k2 || x.at - y.at || u1 - u2;
            });
            const mine = stored.get(userId)!;
            expect(await wb().submit(known, s, new Date(t)), `${known.id} ${player} ${score}/${subscore}`).toEqual({
              board: known.id,
              period: 'all',
              score: mine.score,
              subscore: mine.subscore,
              rank: order.findIndex(([u]) => u === userId) + 1,
            });
          }
        }
  }, 60_000);

  it('submissions arriving together go as batches, each answered as if it had come alone, in order', async () => {
    const b = board({ id: 'wb-batch', operator: 'increment' }) as unknown as Leaderboard;
    await rd.adminOk('POST', R, b);
    const ids = [await player(), await player(), await player()];
    // The mirrors are loaded (run alone, this test may come before the start's own recovery: a
    // batch retried after it may then be overtaken by a later one, all being in flight together).
    await wb().recover();
    await wb().pause();
    const before = await raw.xlen(wal);
    // The left-out players are read again by the first of them: a batch that waited on that read
    // must still leave before the ones after it.
    wb().forgetExcluded();
    // 40 submissions at once, the same players again and again: each sees the ones before it.
    const at = rd.clock.now();
    const sent = Array.from({ length: 40 }, (_, i) => ({
      userId: ids[i % 3]!,
      board: b.id,
      score: i + 1,
      subscore: i % 4,
    }));
    // The last one's meta holds what a log line or an array literal could trip on.
    const meta = { note: 'a "quote", a back\\slash, a | pipe,\na newline, {braces}, 中文 \u2028' };
    const answers = await Promise.all(sent.map((s, i) => wb().submit(b, i === 39 ? { ...s, meta } : s, at)));
    const totals = new Map<number, { score: number; subscore: number }>();
    for (const [i, s] of sent.entries()) {
      const next = combine(b, totals.get(s.userId), s)!;
      totals.set(s.userId, { score: next.score, subscore: next.subscore });
      const order = [...totals.entries()].sort(
        ([u1, x], [u2, y]) => y.score - x.score || y.subscore - x.subscore || u1 - u2,
      );
      expect(answers[i], `submission ${i}`).toEqual({
        board: b.id,
        period: 'all',
        ...totals.get(s.userId),
        rank: order.findIndex(([u]) => u === s.userId) + 1,
      });
    }
    // Fewer log entries than submissions: they went as batches (the first alone, the rest gathered).
    const entries = (await raw.xlen(wal)) - before;
    expect(entries).toBeGreaterThan(1);
    expect(entries).toBeLessThan(sent.length);
    wb().resume();
    await rd.app.leaderboards.flush();
    expect((await attemptsOf('wb-batch')).map((a) => a.s)).toEqual(sent.map((s) => s.score));
    const stored = (
      (await rd.database.db.execute(
        sql`select meta from leaderboard_scores where board = 'wb-batch' and user_id = ${ids[0]}`,
      )) as unknown as { rows: { meta: unknown }[] }
    ).rows;
    expect(stored).toEqual([{ meta }]);
    await sameInBoth('wb-batch', ids);
  });

  it('what Redis acknowledged is in PostgreSQL after the drain: the same standings, left-out players too', async () => {
    await rd.adminOk('POST', R, board({ id: 'wb-same' }));
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await player());
    await wb().pause();
    const answers = [];
    for (const [i, id] of ids.entries()) {
      answers.push(await submitOk(rd, id, { board: 'wb-same', score: (i * 5) % 7, subscore: i % 2, meta: { i } }));
      if (i % 3 === 0) answers.push(await submitOk(rd, id, { board: 'wb-same', score: 9 }));
      tick(1_000);
    }
    // Held in Redis only while the drainer waits.
    expect(await attemptsOf('wb-same')).toEqual([]);
    expect(await raw.xlen(wal)).toBeGreaterThanOrEqual(answers.length);
    wb().resume();
    await rd.app.leaderboards.flush();
    expect(await attemptsOf('wb-same')).toHaveLength(answers.length);
    expect(await raw.xlen(wal)).toBe(0);
    const standings = await sameInBoth('wb-same', ids);
    expect(standings).toHaveLength(12);
    const [row] = (
      (await rd.database.db.execute(
        sql`select meta, version::int as v from leaderboard_scores where board = 'wb-same' and user_id = ${ids[1]}`,
      )) as unknown as { rows: { meta: unknown; v: number }[] }
    ).rows;
    expect(row).toEqual({ meta: { i: 1 }, v: 1 });
    // A left-out player above: the rank a submission answers leaves it out, as around() does.
    const top1 = standings[0]!.userId;
    const until = new Date(rd.clock.now().getTime() + 86_400_000).toISOString();
    await rd.adminOk('POST', '/api/v1/minigame/blacklist', { userId: top1, reason: 'r', endsAt: until });
    const last = standings[standings.length - 1]!;
    const answer = await submitOk(rd, last.userId, { board: 'wb-same', score: 0 });
    await rd.app.leaderboards.flush();
    const { entry } = await postgresStore().around(rd.database.db, ref('wb-same'), last.userId, 0, rd.clock.now());
    expect(answer.rank).toBe(entry?.rank);
    expect(answer.rank).toBe(standings.length - 1);
    await sameInBoth('wb-same', ids);
    await rd.adminOk('POST', '/api/v1/minigame/blacklist/remove', { userId: top1 });
  });

  it('the same entries drained twice change nothing', async () => {
    await rd.adminOk('POST', R, board({ id: 'wb-twice', operator: 'increment' }));
    const [p, q] = [await player(), await player()];
    await wb().pause();
    for (const [u, score] of [
      [p, 3],
      [q, 4],
      [p, 5],
    ] as const)
      await submitOk(rd, u, { board: 'wb-twice', score });
    const entries = (await raw.xrange(wal, '-', '+')).flatMap(([id, flat]) => parseEntry(id, flat));
    expect(entries.filter((e) => e.board === 'wb-twice')).toHaveLength(3);
    wb().resume();
    await rd.app.leaderboards.flush();
    const once = await rd.fingerprint();
    await applyEntries(rd.database.db, entries);
    await applyEntries(rd.database.db, entries.slice(0, 1));
    expect(await rd.fingerprint()).toEqual(once);
    expect((await sameInBoth('wb-twice', [p, q])).map((l) => [l.userId, l.score])).toEqual([
      [p, 8],
      [q, 4],
    ]);
  });

  it('reads a batch entry and an entry left by the earlier one-submission format alike', () => {
    const batch = parseEntry('7-1', [
      'b',
      'jump',
      'p',
      'all',
      'o',
      '1',
      'e',
      '5|7|0|1000|1|2|7|0|1000|{"a":"x|y"}\n6|3|1|1001|0|4|9|0|900',
    ]);
    const legacy = parseEntry('7-0', ['e', 'jump|all|5|7|0|1000|1|1|2|7|0|1000|{"a":"x|y"}']);
    expect(
      batch.map((e) => [e.id, e.board, e.period, e.userId, e.score, e.changed, e.version, e.rowScore, e.meta]),
    ).toEqual([
      ['7-1/0', 'jump', 'all', 5, 7, true, 2, 7, { a: 'x|y' }],
      ['7-1/1', 'jump', 'all', 6, 3, false, 4, 9, null],
    ]);
    expect(legacy).toEqual([{ ...batch[0], id: '7-0' }]);
    expect(batch[1]!.rowAt.getTime()).toBe(900);
  });

  it('a player line stored in the earlier hash form (version|member) is still read', async () => {
    const b = board({ id: 'wb-form', operator: 'increment' }) as unknown as Leaderboard;
    await rd.adminOk('POST', R, b);
    const [p, q] = [await player(), await player()];
    const at = rd.clock.now();
    await wb().submit(b, { userId: p, board: b.id, score: 5 }, at);
    await wb().submit(b, { userId: q, board: b.id, score: 9 }, at);
    const h = `${prefix}${storeKeys.hkey({ board: b.id, period: 'all' })}`;
    const value = (await raw.hget(h, String(p)))!;
    expect(value.split('|')).toHaveLength(3);
    await raw.hset(h, String(p), value.split('|').slice(0, 2).join('|'));
    expect(await wb().submit(b, { userId: p, board: b.id, score: 6 }, at)).toMatchObject({ score: 11, rank: 1 });
    await rd.app.leaderboards.flush();
    await sameInBoth(b.id, [p, q]);
  });

  it('entries a dead consumer left pending are taken over by another instance', async () => {
    await rd.adminOk('POST', R, board({ id: 'wb-dead' }));
    const ps = [await player(), await player(), await player()];
    await wb().pause();
    for (const [i, u] of ps.entries()) await submitOk(rd, u, { board: 'wb-dead', score: 10 + i });
    // A consumer reads them and dies before writing them.
    const read = (await raw.xreadgroup('GROUP', 'drain', 'dead-instance', 'COUNT', 100, 'STREAMS', wal, '>')) as [
      string,
      unknown[],
    ][];
    expect(read[0]![1].length).toBeGreaterThanOrEqual(3);
    expect(await attemptsOf('wb-dead')).toEqual([]);
    // Another instance (on PostgreSQL: a second app on the same database and prefix; on PGlite,
    // which one app holds, this one) claims them once idle long enough.
    const other =
      rd.database.kind === 'postgres'
        ? await createTestContext({ shareDatabaseOf: rd, config: { redisUrl: REDIS_URL, redisPrefix: prefix } })
        : rd;
    try {
      const started = Date.now();
      await other.app.leaderboards.flush();
      expect(Date.now() - started).toBeGreaterThanOrEqual(CLAIM_IDLE_MS - 1_000);
      expect(other.app.leaderboards.writeBehind!.stats.claimed).toBeGreaterThanOrEqual(3);
      expect((await attemptsOf('wb-dead')).map((a) => a.u)).toEqual(ps);
      const pending = (await raw.xpending(wal, 'drain')) as [number, ...unknown[]];
      expect(pending[0]).toBe(0);
      await sameInBoth('wb-dead', ps);
    } finally {
      wb().resume();
      if (other !== rd) await other.close();
    }
  }, 30_000);

  it('a reset archives every submission Redis acknowledged (the log is drained first)', async () => {
    rd.clock.set(new Date('2026-08-01T10:00:00Z'));
    await rd.adminOk('POST', R, board({ id: 'wb-daily', reset: 'daily', timeZone: 'UTC' }));
    const ps = [await player(), await player(), await player(), await player(), await player()];
    // First sight of the board: recorded (another test's board may reset meanwhile).
    expect((await rd.app.leaderboards.checkPeriods(rd.clock.now())).map((r) => r.board)).not.toContain('wb-daily');
    await wb().pause();
    for (const [i, p] of ps.entries()) await submitOk(rd, p, { board: 'wb-daily', score: 50 - i });
    expect(await attemptsOf('wb-daily')).toEqual([]);
    rd.clock.set(new Date('2026-08-02T00:00:01Z'));
    expect(await rd.app.leaderboards.checkPeriods(rd.clock.now())).toContainEqual({
      board: 'wb-daily',
      period: '2026-08-01',
    });
    try {
      // The drainer stays held: the reset job drains the log itself before archiving.
      let fame: { list: { rank: number; userId: number }[] } = { list: [] };
      for (let i = 0; i < 100 && fame.list.length < 5; i++) {
        await new Promise((r) => setTimeout(r, 100));
        fame = await rd.adminOk('GET', '/api/v1/minigame/fame?board=wb-daily');
      }
      expect(fame.list.map((f) => [f.rank, f.userId])).toEqual(ps.map((p, i) => [i + 1, p]));
      expect(await attemptsOf('wb-daily')).toHaveLength(5);
    } finally {
      wb().resume();
    }
  }, 30_000);

  it('Redis emptied: rebuilt from PostgreSQL before the next submission, which combines with the stored score', async () => {
    rd.clock.set(new Date('2026-08-03T10:00:00Z'));
    await rd.adminOk('POST', R, board({ id: 'wb-lost', operator: 'increment' }));
    const [p, q] = [await player(), await player()];
    await submitOk(rd, p, { board: 'wb-lost', score: 10 });
    await submitOk(rd, q, { board: 'wb-lost', score: 4 });
    await rd.app.leaderboards.flush();
    // Only this run's keys (other tests share the Redis).
    await clearPrefix();
    expect(await raw.exists(`${prefix}${MARKER_KEY}`)).toBe(0);
    const answer = await submitOk(rd, p, { board: 'wb-lost', score: 5 });
    expect(answer).toMatchObject({ score: 15, rank: 1 });
    expect(await raw.exists(`${prefix}${MARKER_KEY}`)).toBe(1);
    expect(lines(await top(rd, 'wb-lost'))).toEqual([`1:${p}:15/0`, `2:${q}:4/0`]);
    await rd.app.leaderboards.flush();
    await sameInBoth('wb-lost', [p, q]);
    expect((await attemptsOf('wb-lost')).map((a) => a.s)).toEqual([10, 4, 5]);
  }, 30_000);
});
