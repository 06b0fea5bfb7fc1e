import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_COMMIT_IN_FLIGHT } from '../../platform/db/group-commit.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

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
afterAll(async () => {
  let cursor = '0';
  do {
    const [next, keys] = await raw.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) await raw.del(...keys);
  } while (cursor !== '0');
  raw?.disconnect();
  await pg?.close();
  await rd?.close();
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
      const queue = c.app.leaderboards.submits;
      const before = { ...queue.sent };
      const [better, worse, first, negative, unknown] = await Promise.allSettled([
        queue.submit({ userId: ps[0]!, board: 'crowd', score: 80, subscore: 3 }),
        queue.submit({ userId: ps[1]!, board: 'crowd', score: 10 }),
        queue.submit({ userId: ps[2]!, board: 'crowd', score: 70 }),
        queue.submit({ userId: ps[3]!, board: 'crowd', score: -1 }),
        queue.submit({ userId: ps[4]!, board: 'nope', score: 1 }),
      ]);
      // Fewer transactions than calls (PGlite: one carried all five; PostgreSQL: split over its
      // transactions in flight, 3 + 2 with two), none run again alone.
      expect(queue.sent.batches - before.batches).toBe(GROUP_COMMIT_IN_FLIGHT[c.database.kind]);
      expect(queue.sent.items - before.items).toBe(5);
      expect(queue.sent.retriedAlone).toBe(before.retriedAlone);
      // PGlite: one batch, ranks after all of it. PostgreSQL: batches commit side by side, so a
      // rank counts the others' new scores or not (each a rank it could have had alone).
      const pglite = c.database.kind === 'pglite';
      const answer = (score: number, subscore: number, ranks: number[]) => ({
        status: 'fulfilled',
        value: { board: 'crowd', period: 'all', score, subscore, rank: pglite ? ranks[0] : expect.toBeOneOf(ranks) },
      });
      expect(better).toEqual(answer(80, 3, [1]));
      expect(worse).toEqual(answer(50, 0, [3, 2]));
      expect(first).toEqual(answer(70, 0, [2, 1]));
      expect(negative).toMatchObject({ status: 'rejected', reason: { status: 400, key: 'leaderboard.negative' } });
      expect(unknown).toMatchObject({ status: 'rejected', reason: { status: 404, key: 'leaderboard.notFound' } });
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
