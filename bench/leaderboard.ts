import { randomBytes } from 'node:crypto';
import { type Leaderboard, leaderboardResource } from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import { compileBoards, submitQueue } from '../packages/server/src/modules/minigame/service.js';
import { type BoardStore, postgresStore, redisStore } from '../packages/server/src/modules/minigame/store.js';
import { writeBehind } from '../packages/server/src/modules/minigame/writebehind.js';
import type { Database } from '../packages/server/src/platform/db/client.js';
import { createRedis } from '../packages/server/src/platform/redis.js';
import { CompiledView } from '../packages/server/src/platform/resources/game-views.js';
import {
  alternatingThroughput,
  assertRight,
  benchPlayerCount,
  benchSeconds,
  log,
  ms,
  openBenchDatabase,
  percentile,
  resultLine,
  saveBenchItems,
} from './harness.js';

const BOARD = 'bench';
const board: Leaderboard = {
  id: BOARD,
  titleZh: '基准',
  titleEn: 'Bench',
  sortOrder: 'desc',
  operator: 'best',
  reset: 'never',
  timeZone: 'UTC',
  allowNegative: false,
  testBoard: false,
  rewardBands: [],
};
const ref = { board: BOARD, period: 'all', sortOrder: 'desc' as const };

/**
 * A board of BENCH_PLAYERS (1,000,000 unless told) scores, stored in PostgreSQL by one
 * `generate_series` insert (score and sub-score from the user ID, so answers can be checked),
 * and mirrored into the machine's Redis (REDIS_URL, else 127.0.0.1:6379) under a prefix of the
 * run's own, removed afterwards.
 */
async function benchBoard() {
  const players = benchPlayerCount();
  const database = await openBenchDatabase();
  const redis = createRedis({
    url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    prefix: `rookery-bench-lb-${randomBytes(4).toString('hex')}:`,
    warn: log,
  });
  await saveBenchItems(database, leaderboardResource, [board]);
  log(`storing ${players} scores`);
  for (let from = 1; from <= players; from += 200_000) {
    const to = Math.min(players, from + 199_999);
    await database.db.execute(sql`
      insert into leaderboard_scores (board, period, user_id, score, subscore, k1, k2, submitted_at)
      select ${BOARD}, 'all', g, (g * 7919) % 1000003, g % 1000, -((g * 7919) % 1000003), 1048575 - g % 1000,
        timestamp '2026-01-01' + g * interval '1 millisecond'
      from generate_series(${from}::bigint, ${to}::bigint) g`);
  }
  await database.db.execute(sql`vacuum analyze leaderboard_scores`);
  const stores = { postgres: postgresStore(), redis: redisStore(redis) };
  log('mirroring them into Redis');
  const count = await stores.redis.rebuild(database.db, ref);
  assertRight(count === players, `mirrored ${count} of ${players}`);
  const close = async () => {
    let cursor = '0';
    do {
      const [next, keys] = await redis.client.scan(cursor, 'MATCH', `${redis.prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.client.del(...keys.map((k) => k.slice(redis.prefix.length)));
    } while (cursor !== '0');
    await redis.close();
    await database.close();
  };
  return { players, database, redis, stores, close };
}

/** Both stores answer the same rank and neighbours for a few players (a wrong answer measured fast proves nothing). */
async function checkSame(database: Database, stores: Record<string, BoardStore>, players: number) {
  const now = new Date();
  for (const userId of [1, Math.ceil(players / 2), players]) {
    const [a, b] = await Promise.all([
      stores.postgres!.around(database.db, ref, userId, 5, now),
      stores.redis!.around(database.db, ref, userId, 5, now),
    ]);
    assertRight(JSON.stringify(a) === JSON.stringify(b), `player ${userId}: the stores disagree`);
  }
}

/**
 * `bench leaderboard-submit`: score submissions per second on the board through the game API's
 * service. Redis path: the write-behind submission (one script: combine, mirror, log entry, rank)
 * with this process's drainer writing the log to PostgreSQL during the measured slices, against
 * raw `ZADD` through the same client in alternating slices; then drained, the stores compared and
 * every acknowledged submission counted in PostgreSQL. The PostgreSQL path (no Redis: the group
 * commit) against a raw single-row upsert, reported. Target (Redis): ratio ≥ 0.5.
 */
export async function benchLeaderboardSubmit(): Promise<string> {
  const seconds = benchSeconds(5);
  const { players, database, redis, stores, close } = await benchBoard();
  const wb = writeBehind({ redis, db: database.db, now: () => new Date(), warn: log });
  try {
    const concurrency = database.kind === 'postgres' ? 16 : 4;
    let next = 0;
    // The boards from the compiled view, as the game API reads them.
    const boards = new CompiledView([leaderboardResource], compileBoards);
    // The drainer runs as in every instance (it first finds no marker and loads the board again).
    wb.start();
    await wb.recover();
    let acknowledged = 0;
    const viaWriteBehind = async () => {
      const userId = 1 + ((next++ * 104_729) % players);
      const known = (await boards.get(database.db)).get(BOARD)!;
      await wb.submit(known, { board: BOARD, userId, score: next % 1_100_000 }, new Date());
      acknowledged += 1;
    };
    // The PostgreSQL path: the group-commit queue.
    const queue = submitQueue(
      database.db,
      database.kind,
      stores.postgres,
      (db) => boards.get(db),
      () => new Date(),
    );
    const viaQueue = () => {
      const userId = 1 + ((next++ * 104_729) % players);
      return queue.submit({ board: BOARD, userId, score: next % 1_100_000 });
    };
    const zadd = () => redis.client.zadd('lb:raw', next++ % 1_100_000, `m${next % players}`);
    await database.db.execute(
      sql`create table bench_scores (user_id bigint primary key, score bigint not null, at timestamptz not null)`,
    );
    const upsert = () =>
      database.db.execute(
        sql`insert into bench_scores values (${1 + (next++ % players)}, ${next}, now())
          on conflict (user_id) do update set score = greatest(bench_scores.score, excluded.score), at = excluded.at`,
      );
    log(`raw ZADD and Redis-path (write-behind) submissions, alternating for ${seconds} s each`);
    const viaRedis = await alternatingThroughput(zadd, viaWriteBehind, seconds, concurrency);
    const lag = await wb.lag();
    const t = Date.now();
    await wb.flush();
    log(
      `drained: ${lag.pending} entries were behind (oldest ${lag.ageMs} ms) at the end, flushed in ${Date.now() - t} ms`,
    );
    // The Redis path's writes reached both stores alike, and PostgreSQL holds every acknowledged one.
    await checkSame(database, stores, players);
    const [attempts] = (
      (await database.db.execute(
        sql`select count(*)::int as n from leaderboard_attempts where board = ${BOARD}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    assertRight(attempts?.n === acknowledged, `PostgreSQL holds ${attempts?.n} of ${acknowledged} acknowledged`);
    log(`${acknowledged} acknowledged submissions, all in PostgreSQL`);
    await wb.stop();
    log(`raw upserts and PostgreSQL-path submissions, alternating for ${seconds} s each`);
    const viaPg = await alternatingThroughput(upsert, viaQueue, seconds, concurrency);
    // The PostgreSQL path writes no mirror: rebuilt from it, the stores agree again.
    await stores.redis.rebuild(database.db, ref);
    await checkSame(database, stores, players);
    return resultLine(
      'leaderboard-submit',
      `${Math.round(viaRedis.subject)} submissions/s on Redis (write-behind, ${database.kind}, ${players} players, ${concurrency} workers); PostgreSQL path ${Math.round(viaPg.subject)}/s, ratio ${viaPg.ratio.toFixed(2)} vs raw upserts ${Math.round(viaPg.baseline)}/s`,
      viaRedis.ratio,
      `raw ZADD ${Math.round(viaRedis.baseline)}/s`,
    );
  } finally {
    await wb.stop();
    await close();
  }
}

/** p99 of `op` run one at a time for `seconds`. */
async function p99(op: (i: number) => Promise<unknown>, seconds: number) {
  const times: number[] = [];
  const end = Date.now() + seconds * 1000;
  for (let i = 0; Date.now() < end; i++) {
    const t = process.hrtime.bigint();
    await op(i);
    times.push(ms(t));
  }
  return { p99: percentile(times, 99), n: times.length };
}

/**
 * `bench leaderboard-rank`: p99 of "my rank and the 10 around me" on the board, each store,
 * against a primary-key read of a score row p99 in the same run.
 */
export async function benchLeaderboardRank(): Promise<string> {
  const seconds = benchSeconds(5);
  const { players, database, stores, close } = await benchBoard();
  try {
    await checkSame(database, stores, players);
    const who = (i: number) => 1 + ((i * 104_729) % players);
    const now = new Date();
    const pk = () => (i: number) =>
      database.db.execute(
        sql`select * from leaderboard_scores where board = ${BOARD} and period = 'all' and user_id = ${who(i)}`,
      );
    const rank = (store: BoardStore) => (i: number) => store.around(database.db, ref, who(i), 5, now);
    await p99(pk(), 1);
    const base = await p99(pk(), seconds);
    const viaRedis = await p99(rank(stores.redis), seconds);
    const viaPg = await p99(rank(stores.postgres), seconds);
    return resultLine(
      'leaderboard-rank',
      `p99 ${viaRedis.p99.toFixed(2)} ms on Redis (${viaRedis.n} reads), ${viaPg.p99.toFixed(2)} ms on PostgreSQL (${viaPg.n} reads, ratio ${(viaPg.p99 / base.p99).toFixed(2)}); ${database.kind}, ${players} players`,
      viaRedis.p99 / base.p99,
      `primary-key read p99 ${base.p99.toFixed(2)} ms`,
    );
  } finally {
    await close();
  }
}
