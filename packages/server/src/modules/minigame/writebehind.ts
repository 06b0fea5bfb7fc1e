import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { type Leaderboard, MAX_SCORE, MAX_SUBSCORE } from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import client, { type Registry } from 'prom-client';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { sharedRead } from '../../platform/http/metrics.js';
import type { RedisClient } from '../../platform/redis.js';
import { blacklistedPlayerIds } from '../players/service.js';
import { allBoards, checkSubmission, refOf, type Submission, type SubmitAnswer } from './service.js';
import { orderKeys, redisStore, redisUnavailable, storeKeys } from './store.js';
import { leaderboardAttempts, leaderboardScores, minigameBlacklist } from './tables.js';

/**
 * Write-behind submissions on the Redis path (docs/decisions/2026-11-29-leaderboard-write-behind.md).
 *
 * A submission is one round trip: the `SUBMIT` script reads the player's stored score from the
 * board's hash and sorted set (`store.ts`'s keys: the hash holds `version|member`, the sorted
 * set's score the order keys, so score and sub-score come back from it), combines it exactly as
 * `combine()` does, writes the new member and version when it changed, always appends one entry
 * to the log stream (`lb~wal`) and answers score, sub-score and rank. The rank leaves out the
 * players `excludedIds` names: this instance keeps them in memory (read from PostgreSQL at most
 * once a second, at once after a change of the mini-game blacklist here) and passes them to the
 * script, which counts those ranked above; none (the usual case) costs nothing.
 *
 * Every instance drains the stream through one consumer group (`drain`): a batch of entries goes
 * to PostgreSQL in one transaction (attempts keyed by their entry ID, scores upserted only when
 * the entry's version is newer: a batch drained twice changes nothing), then is acknowledged and
 * deleted, so what is left in the stream is exactly what PostgreSQL may not hold yet. Entries a
 * dead instance left pending are claimed after `CLAIM_IDLE_MS`.
 *
 * A marker key (`lb~alive`) says Redis holds the mirrors: when it is missing (Redis restarted
 * empty) the script refuses, and the instance first rebuilds every board's current period from
 * PostgreSQL (one instance at a time, under `lb~recovering`), then sets it again.
 */

/** The stream of submissions not yet in PostgreSQL, its consumer group, the marker, the recovery lock. */
export const WAL_KEY = 'lb~wal';
const GROUP = 'drain';
export const MARKER_KEY = 'lb~alive';
const RECOVERY_KEY = 'lb~recovering';
/** Entries pending this long on a consumer are taken over by another (a crashed instance's). */
export const CLAIM_IDLE_MS = 5_000;
/** Entries per drained batch. */
const BATCH = 1_000;
/** After a part batch, the drainer waits this long before reading again (batches grow under load). */
const GATHER_MS = 50;
/** How long `flush` waits for the drain before failing (the caller retries). */
const FLUSH_TIMEOUT_MS = 60_000;
/** How long the left-out players are kept in memory (ranks answered to submissions). */
const EXCLUDED_TTL_MS = 1_000;

const SUBMIT = `
if redis.call('EXISTS', KEYS[4]) == 0 then return redis.error_reply('LBNOMARKER leaderboards not loaded') end
local MAXS = ${MAX_SCORE}
local MAXSUB = ${MAX_SUBSCORE}
local SPAN = MAXSUB + 1
local desc = ARGV[3] == '1'
local allowNeg = ARGV[4] == '1'
local op = ARGV[2]
local sc = tonumber(ARGV[5])
local ss = tonumber(ARGV[6])
local function keyOf(score, sub)
  if desc then return (0 - score) * SPAN + (MAXSUB - sub) end
  return score * SPAN + sub
end
local function clampS(n) if n < -MAXS then return -MAXS end if n > MAXS then return MAXS end return n end
local function clampSub(n) if n < 0 then return 0 end if n > MAXSUB then return MAXSUB end return n end
local version, member, raw, cur, curSub = 0, false, false, false, false
local old = redis.call('HGET', KEYS[2], ARGV[1])
if old then
  local sep = string.find(old, '|', 1, true)
  version = tonumber(string.sub(old, 1, sep - 1))
  member = string.sub(old, sep + 1)
  local z = redis.call('ZSCORE', KEYS[1], member)
  if z then
    raw = tonumber(z)
    local k1 = math.floor(raw / SPAN)
    local k2 = raw - k1 * SPAN
    if desc then cur = 0 - k1; curSub = MAXSUB - k2 else cur = k1; curSub = k2 end
  end
end
local nextS, nextSub = false, false
if not cur then
  nextS = sc
  if op == 'decrement' then nextS = 0 - sc end
  if not allowNeg and nextS < 0 then nextS = 0 end
  nextSub = ss
elseif op == 'best' then
  if keyOf(sc, ss) < raw then nextS = sc; nextSub = ss end
elseif op == 'set' then
  nextS = sc; nextSub = ss
elseif op == 'increment' then
  nextS = clampS(cur + sc); nextSub = clampSub(curSub + ss)
else
  nextS = clampS(cur - sc)
  if not allowNeg and nextS < 0 then nextS = 0 end
  nextSub = clampSub(curSub - ss)
end
local changed = nextS ~= false
if changed then
  if member then redis.call('ZREM', KEYS[1], member) end
  version = version + 1
  member = ARGV[8]
  raw = keyOf(nextS, nextSub)
  redis.call('ZADD', KEYS[1], string.format('%.17g', raw), member)
  redis.call('HSET', KEYS[2], ARGV[1], string.format('%d', version) .. '|' .. member)
else
  nextS = cur; nextSub = curSub
end
-- One field: board|period|user|score|sub|at|order|changed|version|rowScore|rowSub|rowAt[|meta]
local e = table.concat({ARGV[9], ARGV[10], ARGV[1], ARGV[5], ARGV[6], ARGV[7], ARGV[3], changed and '1' or '0',
  string.format('%d', version), string.format('%d', nextS), string.format('%d', nextSub), string.sub(member, 1, 15)}, '|')
if changed and ARGV[11] ~= '' then e = e .. '|' .. ARGV[11] end
redis.call('XADD', KEYS[3], '*', 'e', e)
local rank = false
local mine = true
local above = 0
for i = 12, #ARGV do
  if ARGV[i] == ARGV[1] then mine = false
  else
    local o = redis.call('HGET', KEYS[2], ARGV[i])
    if o then
      local m = string.sub(o, string.find(o, '|', 1, true) + 1)
      local z = redis.call('ZSCORE', KEYS[1], m)
      if z then
        local r = tonumber(z)
        if r < raw or (r == raw and m < member) then above = above + 1 end
      end
    end
  end
end
if mine then rank = redis.call('ZRANK', KEYS[1], member) + 1 - above end
return {nextS, nextSub, rank, version}`;

type WalRedis = Redis & {
  lbSubmit(
    z: string,
    h: string,
    wal: string,
    marker: string,
    ...args: string[]
  ): Promise<[number, number, number | null, number]>;
};

/** One entry of the log: a submission and the row it left (when `changed`). */
export interface WalEntry {
  id: string;
  board: string;
  period: string;
  userId: number;
  score: number;
  subscore: number;
  at: Date;
  sortOrder: 'asc' | 'desc';
  changed: boolean;
  version: number;
  rowScore: number;
  rowSubscore: number;
  rowAt: Date;
  meta: Record<string, unknown> | null;
}

export function parseEntry(id: string, flat: string[]): WalEntry {
  const text = flat[1] ?? '';
  const f = text.split('|', 12);
  // The meta (JSON, may hold '|') is whatever follows the twelfth field.
  const head = f.join('|').length;
  const meta = text.length > head ? text.slice(head + 1) : '';
  return {
    id,
    board: f[0]!,
    period: f[1]!,
    userId: Number(f[2]),
    score: Number(f[3]),
    subscore: Number(f[4]),
    at: new Date(Number(f[5])),
    sortOrder: f[6] === '1' ? 'desc' : 'asc',
    changed: f[7] === '1',
    version: Number(f[8]),
    rowScore: Number(f[9]),
    rowSubscore: Number(f[10]),
    rowAt: new Date(Number(f[11])),
    meta: meta ? (JSON.parse(meta) as Record<string, unknown>) : null,
  };
}

/**
 * Write drained entries to PostgreSQL in one transaction: each attempt once (keyed by its entry
 * ID), each player's newest row where it is newer than the stored one. Running it twice on the
 * same entries changes nothing.
 */
export async function applyEntries(db: Db, entries: readonly WalEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const newest = new Map<string, WalEntry>();
  for (const e of entries) {
    if (!e.changed) continue;
    const key = `${e.board}\u0000${e.period}\u0000${e.userId}`;
    const seen = newest.get(key);
    if (!seen || seen.version < e.version) newest.set(key, e);
  }
  // One order of locks for every drainer (two batches side by side never deadlock).
  const rows = [...newest.values()].sort(
    (a, b) => a.board.localeCompare(b.board) || a.period.localeCompare(b.period) || a.userId - b.userId,
  );
  // Each statement takes the batch as one JSON parameter (thousands of bound values cost more).
  const attempts = JSON.stringify(
    entries.map((e) => [e.board, e.period, e.userId, e.score, e.subscore, e.at.toISOString(), e.id]),
  );
  const scores = JSON.stringify(
    rows.map((e) => {
      const { k1, k2 } = orderKeys(e.sortOrder, e.rowScore, e.rowSubscore);
      return [e.board, e.period, e.userId, e.rowScore, e.rowSubscore, k1, k2, e.rowAt.toISOString(), e.version, e.meta];
    }),
  );
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.execute(sql`
      insert into ${leaderboardAttempts} (board, period, user_id, score, subscore, at, stream_id)
      select r->>0, r->>1, (r->>2)::bigint, (r->>3)::bigint, (r->>4)::bigint, (r->>5)::timestamptz, r->>6
      from jsonb_array_elements(${attempts}::jsonb) r
      on conflict (stream_id) do nothing`);
    if (rows.length === 0) return;
    await tx.execute(sql`
      insert into ${leaderboardScores} as s (board, period, user_id, score, subscore, k1, k2, submitted_at, version, meta)
      select r->>0, r->>1, (r->>2)::bigint, (r->>3)::bigint, (r->>4)::bigint, (r->>5)::bigint, (r->>6)::bigint,
        (r->>7)::timestamptz, (r->>8)::bigint, nullif(r->9, 'null'::jsonb)
      from jsonb_array_elements(${scores}::jsonb) r
      on conflict (board, period, user_id) do update set
        score = excluded.score, subscore = excluded.subscore, k1 = excluded.k1, k2 = excluded.k2,
        submitted_at = excluded.submitted_at, version = excluded.version, meta = excluded.meta
      where s.version < excluded.version`);
  });
}

type Flat = [string, string[]];

export interface WriteBehindOptions {
  redis: RedisClient;
  db: Db;
  now: () => Date;
  warn: (message: string) => void;
}

export type WriteBehind = ReturnType<typeof writeBehind>;

/** The write-behind path of one instance: submissions, the drainer, flush and recovery. */
export function writeBehind({ redis, db, now, warn }: WriteBehindOptions) {
  const base = redis.client;
  if (!('lbSubmit' in base)) base.defineCommand('lbSubmit', { numberOfKeys: 4, lua: SUBMIT });
  const rc = base as WalRedis;
  const store = redisStore(redis);
  const consumer = `${os.hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const stats = { drained: 0, batches: 0, claimed: 0 };
  let paused = false;

  // The players left out (ranks of submissions): the players' flag and the mini-game list with end times.
  let excluded: { loadedAt: number; flagged: number[]; listed: { id: number; endsAt: Date }[] } | null = null;
  async function excludedAt(at: Date): Promise<string[]> {
    if (!excluded || performance.now() - excluded.loadedAt > EXCLUDED_TTL_MS) {
      const loadedAt = performance.now();
      const [flagged, listed] = await Promise.all([
        blacklistedPlayerIds(db),
        db.select({ id: minigameBlacklist.userId, endsAt: minigameBlacklist.endsAt }).from(minigameBlacklist),
      ]);
      excluded = { loadedAt, flagged, listed };
    }
    const ids = new Set(excluded.flagged);
    for (const l of excluded.listed) if (l.endsAt > at) ids.add(l.id);
    return [...ids].map(String);
  }

  async function ensureGroup() {
    try {
      await rc.xgroup('CREATE', WAL_KEY, GROUP, '0', 'MKSTREAM');
    } catch (err) {
      if (!String((err as Error).message).includes('BUSYGROUP')) throw err;
    }
  }

  /** Drain entries read so far, then acknowledge and delete them. */
  async function settle(raw: Flat[]) {
    const entries = raw.filter((r): r is Flat => Array.isArray(r) && Array.isArray(r[1]));
    if (entries.length === 0) return 0;
    await applyEntries(
      db,
      entries.map(([id, flat]) => parseEntry(id, flat)),
    );
    const ids = entries.map(([id]) => id);
    const tx = rc.multi();
    tx.xack(WAL_KEY, GROUP, ...ids);
    tx.xdel(WAL_KEY, ...ids);
    for (const [err] of (await tx.exec()) ?? []) if (err) throw err;
    stats.drained += entries.length;
    stats.batches += 1;
    return entries.length;
  }

  /** One step: entries dead consumers left pending, then new ones (blocking on `conn` when given). */
  async function step(conn: Redis | null, blockMs: number): Promise<number> {
    let done = 0;
    const [, claimed] = (await rc.xautoclaim(WAL_KEY, GROUP, consumer, CLAIM_IDLE_MS, '0', 'COUNT', BATCH)) as [
      string,
      Flat[],
    ];
    if (claimed.length > 0) {
      stats.claimed += claimed.length;
      done += await settle(claimed);
    }
    // A held drainer (tests) takes nothing more.
    if (conn && paused) return done;
    const read = (
      conn
        ? await conn.xreadgroup('GROUP', GROUP, consumer, 'COUNT', BATCH, 'BLOCK', blockMs, 'STREAMS', WAL_KEY, '>')
        : await rc.xreadgroup('GROUP', GROUP, consumer, 'COUNT', BATCH, 'STREAMS', WAL_KEY, '>')
    ) as [string, Flat[]][] | null;
    for (const [, entries] of read ?? []) done += await settle(entries);
    return done;
  }

  let recovering: Promise<void> | null = null;
  /** Redis lost the leaderboards (no marker): rebuild them from PostgreSQL, one instance at a time. */
  function recover(): Promise<void> {
    recovering ??= (async () => {
      try {
        if (await rc.exists(MARKER_KEY)) return;
        const token = randomBytes(8).toString('hex');
        const locked = await rc.set(RECOVERY_KEY, token, 'PX', 120_000, 'NX');
        if (!locked) {
          // Another instance rebuilds: wait for its marker.
          const until = performance.now() + 120_000;
          while (!(await rc.exists(MARKER_KEY))) {
            if (performance.now() > until) throw redisUnavailable();
            await new Promise((r) => setTimeout(r, 50));
          }
          return;
        }
        try {
          await ensureGroup();
          // Whatever the log still holds goes to PostgreSQL first (the rebuild reads it).
          await flush();
          const at = now();
          for (const board of await allBoards(db)) await store.rebuild(db, refOf(board, at));
          await rc.set(MARKER_KEY, String(at.getTime()));
        } finally {
          if ((await rc.get(RECOVERY_KEY)) === token) await rc.del(RECOVERY_KEY);
        }
      } finally {
        recovering = null;
      }
    })();
    return recovering;
  }

  let stopping = false;
  // A wait the stop cuts short.
  let wake: (() => void) | null = null;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });
  let loop: Promise<void> | null = null;
  let blocker: Redis | null = null;
  let blockerId: number | null = null;
  let inStep: Promise<unknown> | null = null;
  /** End the blocker's waiting read at once (as if it timed out: nothing is taken). */
  const unblock = async () => {
    if (blockerId !== null) await rc.client('UNBLOCK', blockerId).catch(() => {});
  };
  async function run() {
    let failures = 0;
    while (!stopping) {
      try {
        if (paused) {
          await sleep(20);
          continue;
        }
        if (!blocker) {
          blocker = rc.duplicate();
          // Its errors are the loop's (a listener keeps them off the console).
          blocker.on('error', () => {});
          blockerId = Number(await blocker.client('ID'));
        }
        inStep = step(blocker, 1_000);
        const done = (await inStep) as number;
        // A part batch: let the next gather a little (fewer, larger transactions; the lag stays ms).
        if (done > 0 && done < BATCH) await sleep(GATHER_MS);
        failures = 0;
      } catch (err) {
        inStep = null;
        if (stopping) break;
        const message = String((err as Error).message);
        if (message.includes('NOGROUP')) {
          // The stream and its group are gone: Redis restarted empty.
          await recover().catch(() => {});
          continue;
        }
        if (failures++ === 0) warn(`leaderboard drain: ${message}`);
        await sleep(Math.min(5_000, 100 * 2 ** Math.min(failures, 6)));
      }
    }
  }

  /**
   * Everything the log holds now is in PostgreSQL when this resolves (drained by this instance or
   * another); 503 `leaderboard.drainBehind` after the timeout, so the caller (a job) retries.
   */
  async function flush(timeoutMs = FLUSH_TIMEOUT_MS): Promise<void> {
    const until = performance.now() + timeoutMs;
    const last = (await rc.xrevrange(WAL_KEY, '+', '-', 'COUNT', 1)) as Flat[];
    if (last.length === 0) return;
    const target = last[0]![0];
    await ensureGroup();
    for (;;) {
      const left = await rc.xrange(WAL_KEY, '-', target, 'COUNT', 1);
      if (left.length === 0) return;
      if (performance.now() > until) throw new AppError(503, 'leaderboard.drainBehind');
      if ((await step(null, 0)) === 0) await new Promise((r) => setTimeout(r, 10));
    }
  }

  return {
    consumer,
    stats,
    /** The write-behind submission (input already checked against `board`). */
    async submit(board: Leaderboard, s: Submission, at: Date): Promise<SubmitAnswer> {
      checkSubmission(board, s);
      const ref = refOf(board, at);
      const subscore = s.subscore ?? 0;
      const ex = await excludedAt(at);
      const member = storeKeys.memberOf({ submittedAt: at, userId: s.userId });
      const args = [
        String(s.userId),
        board.operator,
        board.sortOrder === 'desc' ? '1' : '0',
        board.allowNegative ? '1' : '0',
        String(s.score),
        String(subscore),
        String(at.getTime()),
        member,
        ref.board,
        ref.period,
        s.meta ? JSON.stringify(s.meta) : '',
        ...ex,
      ];
      const call = () => rc.lbSubmit(storeKeys.zkey(ref), storeKeys.hkey(ref), WAL_KEY, MARKER_KEY, ...args);
      let answer: [number, number, number | null, number];
      try {
        try {
          answer = await call();
        } catch (err) {
          if (!String((err as Error).message).startsWith('LBNOMARKER')) throw err;
          await recover();
          answer = await call();
        }
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw redisUnavailable();
      }
      const [score, sub, rank] = answer;
      return { board: ref.board, period: ref.period, score, subscore: sub, rank: rank ?? null };
    },
    flush,
    recover,
    /** A change of the mini-game blacklist here: read the left-out players again. */
    forgetExcluded() {
      excluded = null;
    },
    /** Start draining (and rebuild Redis first when it lost the leaderboards); never throws. */
    start() {
      if (loop) return;
      stopping = false;
      loop = (async () => {
        try {
          await ensureGroup();
          await recover();
        } catch (err) {
          warn(`leaderboard drain: ${(err as Error).message}`);
        }
        await run();
      })();
    },
    /** Stop draining: the batch in hand is finished; what was read and not drained is claimed later. */
    async stop() {
      stopping = true;
      wake?.();
      await unblock();
      await loop;
      blocker?.disconnect();
      loop = null;
      blocker = null;
      blockerId = null;
    },
    /** Tests: hold the drainer (entries stay in the stream) and let it go again. */
    async pause() {
      paused = true;
      await unblock();
      await inStep?.catch(() => {});
    },
    resume() {
      paused = false;
    },
    /** Entries not yet drained and the age of the oldest (milliseconds, 0 when none). */
    async lag(): Promise<{ pending: number; ageMs: number }> {
      // Entry IDs carry Redis's own clock (milliseconds): the age is taken against its TIME.
      const [pending, first, time] = await Promise.all([
        rc.xlen(WAL_KEY),
        rc.xrange(WAL_KEY, '-', '+', 'COUNT', 1) as Promise<Flat[]>,
        rc.time(),
      ]);
      const oldest = first[0] ? Number(first[0][0].split('-')[0]) : null;
      const redisMs = Number(time[0]) * 1000 + Math.floor(Number(time[1]) / 1000);
      return { pending, ageMs: oldest === null ? 0 : Math.max(0, redisMs - oldest) };
    },
  };
}

/** `/metrics`: the write-behind log's undrained entries and the age of the oldest. */
export function installDrainMetrics(registry: Registry, wb: WriteBehind): void {
  const load = sharedRead(() => wb.lag().catch(() => null));
  new client.Gauge({
    name: 'rookery_leaderboard_drain_pending',
    help: 'Leaderboard submissions acknowledged on Redis and not yet written to PostgreSQL',
    registers: [registry],
    async collect() {
      const lag = await load();
      if (lag) this.set(lag.pending);
    },
  });
  new client.Gauge({
    name: 'rookery_leaderboard_drain_lag_seconds',
    help: 'Age of the oldest leaderboard submission not yet written to PostgreSQL',
    registers: [registry],
    async collect() {
      const lag = await load();
      if (lag) this.set(lag.ageMs / 1000);
    },
  });
}
