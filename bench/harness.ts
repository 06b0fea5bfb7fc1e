import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { buildApp } from '../packages/server/src/app.js';
import { seedDemoPlayers } from '../packages/server/src/modules/players/demo.js';
import { ServiceClock } from '../packages/server/src/platform/clock.js';
import { loadConfig } from '../packages/server/src/platform/config.js';
import { type Database, openDatabase } from '../packages/server/src/platform/db/client.js';
import { saveItem } from '../packages/server/src/platform/resources/service.js';
import type { AnyResource } from '../packages/server/src/platform/resources/views.js';
import { sha256 } from '../packages/server/src/platform/security/tokens.js';
import { createScratchPostgres } from '../packages/server/src/test/scratch-postgres.js';

/** Shared pieces of the benchmarks: a throw-away database, timing and the one-line result. */

export const benchPlayerCount = () => Number(process.env.BENCH_PLAYERS ?? 1_000_000);
/** How long a benchmark measures: BENCH_SECONDS, else the benchmark's own default. */
export const benchSeconds = (fallback: number) => Number(process.env.BENCH_SECONDS ?? fallback);
/** Requests at once in the game API benchmarks: BENCH_CONCURRENCY, else 8. */
export const BENCH_CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

/**
 * A fresh database for one benchmark run: a new database on the PostgreSQL server of
 * DATABASE_URL (dropped afterwards), else PGlite in a temporary directory (removed afterwards).
 */
export async function openBenchDatabase(): Promise<Database> {
  const base = process.env.DATABASE_URL;
  if (base) {
    const scratch = await createScratchPostgres(base, 'rookery_bench');
    const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 20 });
    return {
      ...database,
      close: async () => {
        await database.close();
        await scratch.drop();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rookery-bench-'));
  const database = await openDatabase({ dataDir: dir });
  return {
    ...database,
    close: async () => {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Milliseconds since `start` (from process.hrtime.bigint()). */
/**
 * The setting of a game-write benchmark by distinct players (gift-code redemptions, battle-pass
 * claims, chest opens): BENCH_PLAYERS (20,000 unless told) demo players seeded into a throw-away
 * database, BENCH_SECONDS (5) a slice, 16 callers at once on PostgreSQL and 4 on PGlite.
 */
export async function gameWriteBench() {
  const players = Number(process.env.BENCH_PLAYERS ?? 20_000);
  const database = await openBenchDatabase();
  return {
    players,
    seconds: benchSeconds(5),
    database,
    concurrency: database.kind === 'postgres' ? 16 : 4,
    clock: new ServiceClock(),
    seed: () => seedDemoPlayers(database.db, players, (done) => log(`seeded ${done} / ${players} players`)),
  };
}

export const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Operations per second of `op` run by `concurrency` workers for `seconds`. */
export async function throughput(op: (i: number) => Promise<unknown>, seconds: number, concurrency: number) {
  const end = Date.now() + seconds * 1000;
  let done = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        await op(done);
        done += 1;
      }
    }),
  );
  return done / (ms(started) / 1000);
}

/**
 * A path's throughput against a baseline's, on a busy machine: both are warmed, then short slices
 * of each alternate (load from elsewhere drifts), each slice's ratio is taken against its
 * neighbour, and the medians are reported.
 */
export async function alternatingThroughput(
  baseline: (i: number) => Promise<unknown>,
  subject: (i: number) => Promise<unknown>,
  seconds: number,
  concurrency: number,
): Promise<{ baseline: number; subject: number; ratio: number; slices: number }> {
  await throughput(baseline, 1, concurrency);
  await throughput(subject, 1, concurrency);
  const slices = Math.max(2, Math.round(seconds / 0.5));
  const bases: number[] = [];
  const subjects: number[] = [];
  for (let i = 0; i < slices; i += 1) {
    bases.push(await throughput(baseline, seconds / slices, concurrency));
    subjects.push(await throughput(subject, seconds / slices, concurrency));
  }
  const median = (xs: number[]) => percentile(xs, 50);
  return {
    baseline: median(bases),
    subject: median(subjects),
    ratio: median(subjects.map((x, i) => x / bases[i])),
    slices,
  };
}

/** The one line a benchmark prints. */
export const resultLine = (name: string, figure: string, ratio: number, baseline: string) =>
  `bench ${name}: ${figure} (ratio ${ratio.toFixed(2)} vs ${baseline})`;

export const log = (text: string) => {
  if (process.env.BENCH_QUIET !== '1') process.stderr.write(`  … ${text}\n`);
};

/** Stop the benchmark when its answer is wrong: a wrong answer measured fast proves nothing. */
export function assertRight(ok: boolean, what: string): asserts ok {
  if (!ok) throw new Error(`bench answer wrong: ${what}`);
}

/** A game answer's JSON, decoded from its content coding (gzip or brotli) first. */
export function answerJson(res: { headers: Record<string, unknown>; rawPayload: Buffer }): any {
  const coding = res.headers['content-encoding'];
  const body =
    coding === 'gzip'
      ? zlib.gunzipSync(res.rawPayload)
      : coding === 'br'
        ? zlib.brotliDecompressSync(res.rawPayload)
        : res.rawPayload;
  return JSON.parse(body.toString());
}

/** The game key the benchmarks' apps accept. */
export const BENCH_GAME_KEY = 'bench-game-key-0123456789';

/**
 * The app on a benchmark's database, and a GET of the game API for the `i`-th sampled player
 * (`ids` walked in a stride, so neighbours in time are not neighbours in the table) that fails on
 * anything but 200: `gameGet('/store')` is the store fetch, `gameGet('')` the primary-key read.
 * `acceptEncoding` goes with every request (subject and baseline alike), as a game server's
 * HTTP client sends it.
 */
export async function benchGameApp(database: Database, ids: readonly number[], opts: { acceptEncoding?: string } = {}) {
  const config = { ...loadConfig({}), logLevel: 'silent' as const, webDist: '/nonexistent' };
  const app = await buildApp({ config, database, gameKeyHash: sha256(BENCH_GAME_KEY) });
  await app.ready();
  const headers: Record<string, string> = {
    'x-game-key': BENCH_GAME_KEY,
    ...(opts.acceptEncoding ? { 'accept-encoding': opts.acceptEncoding } : {}),
  };
  const pick = (i: number) => ids[(i * 7919) % ids.length];
  const gameGet = (suffix: string) => async (i: number) => {
    const res = await app.inject({ method: 'GET', url: `/api/game/v1/players/${pick(i)}${suffix}`, headers });
    if (res.statusCode !== 200) throw new Error(`GET ${suffix || 'player'} ${res.statusCode} ${res.body}`);
    return res;
  };
  return { app, headers, pick, gameGet };
}

/**
 * The result line of `subject` timed against the game API's primary-key player read
 * (`game.gameGet('')`) in alternating slices over `seconds`; the app is closed after. `what`
 * follows the subject's rate: "<rate> <what>".
 */
export async function againstPlayerRead(
  name: string,
  game: Pick<Awaited<ReturnType<typeof benchGameApp>>, 'app' | 'gameGet'>,
  subject: (i: number) => Promise<unknown>,
  seconds: number,
  what: string,
): Promise<string> {
  const {
    baseline,
    subject: rate,
    ratio,
    slices,
  } = await alternatingThroughput(game.gameGet(''), subject, seconds, BENCH_CONCURRENCY);
  await game.app.close();
  return resultLine(
    name,
    `${Math.round(rate)} ${what}`,
    ratio,
    `${Math.round(baseline)} primary-key player reads/s through the game API; median of ${slices} alternating slices`,
  );
}

/** Seeds `count` demo players on the benchmark's database, saying how far it is and how long it took. */
export async function seedBenchPlayers(database: Database, count: number): Promise<void> {
  const started = process.hrtime.bigint();
  await seedDemoPlayers(database.db, count, (done) => log(`seeded ${done} / ${count} players on ${database.kind}`));
  log(`seeding took ${(ms(started) / 1000).toFixed(1)} s`);
}

/**
 * Runs `bench` on a benchmark database seeded with `count` demo players, given a sample of their
 * IDs (`samplePlayerIds`); the database is closed after, whatever happens.
 */
export async function onSeededPlayers<T>(
  count: number,
  bench: (database: Database, ids: number[]) => Promise<T>,
): Promise<T> {
  const database = await openBenchDatabase();
  try {
    await seedBenchPlayers(database, count);
    return await bench(database, await samplePlayerIds(database, count));
  } finally {
    await database.close();
  }
}

/**
 * Up to `n` IDs of the `count` seeded players, from random blocks of the table (a block sample
 * large enough for `n` at any count; the whole table when it is small).
 */
export async function samplePlayerIds(database: Database, count: number, n = 2000): Promise<number[]> {
  const percent = Math.min(100, Math.ceil((400 * n) / Math.max(count, 1)));
  const { rows } = (await database.db.execute(
    sql`select id from players tablesample system (${sql.raw(String(percent))}) limit ${n}`,
  )) as unknown as { rows: { id: number | string }[] };
  return rows.map((r) => Number(r.id));
}

/** Saves each document as a new item of `r` (key: the document's key field), one transaction each. */
export async function saveBenchItems(
  database: Database,
  r: AnyResource,
  docs: Record<string, unknown>[],
  /** The items' window, when they have one. */
  window: { effectiveAt?: string; expireAt?: string } = {},
): Promise<void> {
  const now = new Date();
  for (const doc of docs)
    await database.db.transaction((tx) =>
      saveItem(tx, r, String(doc[r.key]), {
        document: doc,
        ...window,
        actor: 'bench',
        locale: 'en-US',
        mode: 'create',
        now,
      }),
    );
}
