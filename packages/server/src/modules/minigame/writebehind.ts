import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { type Leaderboard, MAX_SCORE, MAX_SUBSCORE } from '@rookery/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import client, { type Registry } from 'prom-client';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { sharedRead } from '../../platform/http/metrics.js';
import type { RedisClient } from '../../platform/redis.js';
import { blacklistedPlayerIds } from '../players/service.js';
import { allBoards, checkSubmission, refOf, type Submission, type SubmitAnswer } from './service.js';
import { orderKeys, redisStore, redisUnavailable, STORED_LUA, storeKeys } from './store.js';
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
/** Log entries read per drain step (each a batch of up to `MAX_BATCH` submissions). */
const BATCH = 1_000;
/**
 * Submissions per PostgreSQL transaction of the drain: a step's entries are written in
 * transactions of at most this many (under load an entry holds about five, so a step is one
 * transaction; a drain far behind never builds one of 128,000).
 */
const MAX_TRANSACTION = 10_000;
/** After a part batch, the drainer waits this long before reading again (batches grow under load). */
const GATHER_MS = 50;
/** How long `flush` waits for the drain before failing (the caller retries). */
const FLUSH_TIMEOUT_MS = 60_000;
/** Script calls of one board out at once, and submissions per call (`submit`'s lanes). */
const IN_FLIGHT = 2;
const MAX_BATCH = 128;
/** How long the left-out players are kept in memory (ranks answered to submissions). */
const EXCLUDED_TTL_MS = 1_000;

/**
 * One script call submits a batch of one board's submissions, in the order they came (each sees
 * the ones before it, as separate calls would).
 * KEYS: the board's sorted set, its hash, the log, the marker.
 * ARGV: operator, descending ('1'), negatives allowed ('1'), board, period, the number of left-out
 * players and their IDs, then six per submission: user, score, sub-score, time (ms), the member a
 * changed score takes, meta (JSON or '').
 * Answers three numbers per submission: score, sub-score, rank (false when left out). The batch
 * is one log entry: fields b (board), p (period), o (order) and e, one line per submission,
 * `user|score|sub|at|changed|version|rowScore|rowSub|rowAt[|meta]`; a JSON meta holds no newline.
 * Nothing can fail between the first write and the log entry (the arguments are the service's own).
 */
const SUBMIT = `${STORED_LUA}
if redis.call('EXISTS', KEYS[4]) == 0 then return redis.error_reply('LBNOMARKER leaderboards not loaded') end
local MAXS = ${MAX_SCORE}
local MAXSUB = ${MAX_SUBSCORE}
local SPAN = MAXSUB + 1
local op = ARGV[1]
local desc = ARGV[2] == '1'
local allowNeg = ARGV[3] == '1'
local nEx = tonumber(ARGV[6])
local function keyOf(score, sub)
  if desc then return (0 - score) * SPAN + (MAXSUB - sub) end
  return score * SPAN + sub
end
local function clampS(n) if n < -MAXS then return -MAXS end if n > MAXS then return MAXS end return n end
local function clampSub(n) if n < 0 then return 0 end if n > MAXSUB then return MAXSUB end return n end
local lines, out = {}, {}
for i = 7 + nEx, #ARGV, 6 do
  local user = ARGV[i]
  local sc = tonumber(ARGV[i + 1])
  local ss = tonumber(ARGV[i + 2])
  local version, member, raw, cur, curSub = 0, false, false, false, false
  local old = redis.call('HGET', KEYS[2], user)
  if old then
    local z
    version, member, z = stored(old)
    if not z then z = redis.call('ZSCORE', KEYS[1], member) end
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
    member = ARGV[i + 4]
    raw = keyOf(nextS, nextSub)
    local z = string.format('%.17g', raw)
    redis.call('ZADD', KEYS[1], z, member)
    redis.call('HSET', KEYS[2], user, string.format('%d', version) .. '|' .. member .. '|' .. z)
  else
    nextS = cur; nextSub = curSub
  end
  local line = user .. '|' .. ARGV[i + 1] .. '|' .. ARGV[i + 2] .. '|' .. ARGV[i + 3] .. '|' .. (changed and '1' or '0')
    .. '|' .. string.format('%d|%d|%d|', version, nextS, nextSub) .. string.sub(member, 1, 15)
  if changed and ARGV[i + 5] ~= '' then line = line .. '|' .. ARGV[i + 5] end
  lines[#lines + 1] = line
  local mine = true
  local above = 0
  for x = 7, 6 + nEx do
    if ARGV[x] == user then mine = false
    else
      local o = redis.call('HGET', KEYS[2], ARGV[x])
      if o then
        local _, m, z = stored(o)
        if not z then z = redis.call('ZSCORE', KEYS[1], m) end
        if z then
          local r = tonumber(z)
          if r < raw or (r == raw and m < member) then above = above + 1 end
        end
      end
    end
  end
  out[#out + 1] = nextS
  out[#out + 1] = nextSub
  out[#out + 1] = mine and (redis.call('ZRANK', KEYS[1], member) + 1 - above) or false
end
redis.call('XADD', KEYS[3], '*', 'b', ARGV[4], 'p', ARGV[5], 'o', ARGV[2], 'e', table.concat(lines, '\\n'))
return out`;

type WalRedis = Redis & {
  lbSubmit(z: string, h: string, wal: string, marker: string, ...args: string[]): Promise<(number | null)[]>;
};

/**
 * One submission of the log and the row it left (when `changed`). `id` is the log entry's ID and
 * the submission's place in it (`<entry>/<n>`): the attempt's key in PostgreSQL.
 */
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

/** The submissions of one log entry (the fields as Redis returns them, name and value by turns). */
export function parseEntry(id: string, flat: readonly string[]): WalEntry[] {
  const field: Record<string, string> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) field[flat[i]!] = flat[i + 1]!;
  if (field.b === undefined && field.e !== undefined) {
    // Written before batches (one submission an entry, `board|period|user|score|sub|at|order|…`):
    // left in the log by an instance of the earlier version during an upgrade.
    const [board = '', period = '', user, score, sub, at, order, ...rest] = field.e.split('|');
    return parseEntry(id, [
      'b',
      board,
      'p',
      period,
      'o',
      order ?? '',
      'e',
      [user, score, sub, at, ...rest].join('|'),
    ]).map((e) => ({ ...e, id }));
  }
  const board = field.b ?? '';
  const period = field.p ?? '';
  const sortOrder = field.o === '1' ? 'desc' : 'asc';
  return (field.e ?? '').split('\n').map((text, n) => {
    const f = text.split('|', 9);
    // The meta (JSON, may hold '|') is whatever follows the ninth field.
    const head = f.join('|').length;
    const meta = text.length > head ? text.slice(head + 1) : '';
    return {
      id: `${id}/${n}`,
      board,
      period,
      userId: Number(f[0]),
      score: Number(f[1]),
      subscore: Number(f[2]),
      at: new Date(Number(f[3])),
      sortOrder,
      changed: f[4] === '1',
      version: Number(f[5]),
      rowScore: Number(f[6]),
      rowSubscore: Number(f[7]),
      rowAt: new Date(Number(f[8])),
      meta: meta ? (JSON.parse(meta) as Record<string, unknown>) : null,
    };
  });
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
  // Each statement takes the batch as one array per column (thousands of bound values cost more;
  // arrays cost PostgreSQL less than JSON to read). Times go as milliseconds.
  const column = <T>(xs: readonly WalEntry[], f: (e: WalEntry) => T) => sql.param(xs.map(f));
  const fromMs = (ms: SQL) => sql`timestamptz 'epoch' + ${ms} * interval '1 millisecond'`;
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.execute(sql`
      insert into ${leaderboardAttempts} (board, period, user_id, score, subscore, at, stream_id)
      select b, p, u, s, ss, ${fromMs(sql`a`)}, id
      from unnest(${column(entries, (e) => e.board)}::text[], ${column(entries, (e) => e.period)}::text[],
        ${column(entries, (e) => e.userId)}::bigint[], ${column(entries, (e) => e.score)}::bigint[],
        ${column(entries, (e) => e.subscore)}::bigint[], ${column(entries, (e) => e.at.getTime())}::bigint[],
        ${column(entries, (e) => e.id)}::text[]) as r(b, p, u, s, ss, a, id)
      on conflict (stream_id) do nothing`);
    if (rows.length === 0) return;
    const keys = rows.map((e) => orderKeys(e.sortOrder, e.rowScore, e.rowSubscore));
    await tx.execute(sql`
      insert into ${leaderboardScores} as s (board, period, user_id, score, subscore, k1, k2, submitted_at, version, meta)
      select b, p, u, sc, ss, k1, k2, ${fromMs(sql`a`)}, v, m
      from unnest(${column(rows, (e) => e.board)}::text[], ${column(rows, (e) => e.period)}::text[],
        ${column(rows, (e) => e.userId)}::bigint[], ${column(rows, (e) => e.rowScore)}::bigint[],
        ${column(rows, (e) => e.rowSubscore)}::bigint[], ${sql.param(keys.map((k) => k.k1))}::bigint[],
        ${sql.param(keys.map((k) => k.k2))}::bigint[], ${column(rows, (e) => e.rowAt.getTime())}::bigint[],
        ${column(rows, (e) => e.version)}::bigint[],
        ${column(rows, (e) => (e.meta ? JSON.stringify(e.meta) : null))}::jsonb[]) as r(b, p, u, sc, ss, k1, k2, a, v, m)
      on conflict (board, period, user_id) do update set
        score = excluded.score, subscore = excluded.subscore, k1 = excluded.k1, k2 = excluded.k2,
        submitted_at = excluded.submitted_at, version = excluded.version, meta = excluded.meta
      where s.version < excluded.version`);
  });
}

type Flat = [string, string[]];

interface Excluded {
  loadedAt: number;
  flagged: number[];
  listed: { id: number; endsAt: Date }[];
}
interface Waiting {
  s: Submission;
  at: Date;
  excluded: Excluded;
  resolve: (answer: SubmitAnswer) => void;
  reject: (err: unknown) => void;
}
interface Lane {
  board: Leaderboard;
  ref: ReturnType<typeof refOf>;
  waiting: Waiting[];
  inFlight: number;
}

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

  // The players left out (ranks of submissions): the players' flag and the mini-game list with
  // end times, read again when older than the TTL (one read for every caller waiting on it).
  let excluded: Excluded | null = null;
  let loading: Promise<Excluded> | null = null;
  let generation = 0;
  function freshExcluded(): Excluded | Promise<Excluded> {
    if (excluded && performance.now() - excluded.loadedAt <= EXCLUDED_TTL_MS) return excluded;
    if (!loading) {
      const mine = generation;
      const read = (async () => {
        const loadedAt = performance.now();
        const [flagged, listed] = await Promise.all([
          blacklistedPlayerIds(db),
          db.select({ id: minigameBlacklist.userId, endsAt: minigameBlacklist.endsAt }).from(minigameBlacklist),
        ]);
        const fresh = { loadedAt, flagged, listed };
        // A change here meanwhile (`forgetExcluded`) makes this read too old to keep.
        if (mine === generation) excluded = fresh;
        return fresh;
      })().finally(() => {
        if (loading === read) loading = null;
      });
      loading = read;
    }
    return loading;
  }
  const excludedAt = (list: Excluded, at: Date): string[] => {
    const ids = new Set(list.flagged);
    for (const l of list.listed) if (l.endsAt > at) ids.add(l.id);
    return [...ids].map(String);
  };

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
    const submissions = entries.flatMap(([id, flat]) => parseEntry(id, flat));
    for (let i = 0; i < submissions.length; i += MAX_TRANSACTION)
      await applyEntries(db, submissions.slice(i, i + MAX_TRANSACTION));
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

  /**
   * Submissions wait in a lane per board, period and rules; a lane sends what waits as one script
   * call as soon as fewer than `IN_FLIGHT` of its calls are out, so a quiet board sends each
   * submission alone at once and a busy one sends the batches that gathered meanwhile (one round
   * trip, one script run and one log entry for many).
   */
  const lanes = new Map<string, Lane>();
  function pump(key: string, lane: Lane) {
    while (lane.waiting.length > 0 && lane.inFlight < IN_FLIGHT) {
      const batch = lane.waiting.splice(0, MAX_BATCH);
      lane.inFlight += 1;
      void send(lane, batch).finally(() => {
        lane.inFlight -= 1;
        if (lane.waiting.length > 0) pump(key, lane);
        else if (lane.inFlight === 0) lanes.delete(key);
      });
    }
  }
  // Nothing is awaited before the script call is sent: calls leave in the order their lane sent
  // them (Redis runs one connection's commands in order), so a batch never overtakes an earlier one.
  async function send({ board, ref }: Lane, batch: Waiting[]) {
    try {
      // Left out as the batch's latest submission saw them, at its time (they are a moment apart).
      const last = batch[batch.length - 1]!;
      const ex = excludedAt(last.excluded, last.at);
      const args = [
        board.operator,
        board.sortOrder === 'desc' ? '1' : '0',
        board.allowNegative ? '1' : '0',
        ref.board,
        ref.period,
        String(ex.length),
        ...ex,
      ];
      for (const { s, at } of batch)
        args.push(
          String(s.userId),
          String(s.score),
          String(s.subscore ?? 0),
          String(at.getTime()),
          storeKeys.memberOf({ submittedAt: at, userId: s.userId }),
          s.meta ? JSON.stringify(s.meta) : '',
        );
      const call = () => rc.lbSubmit(storeKeys.zkey(ref), storeKeys.hkey(ref), WAL_KEY, MARKER_KEY, ...args);
      let answer: (number | null)[];
      try {
        try {
          answer = await call();
        } catch (err) {
          if (!String((err as Error).message).startsWith('LBNOMARKER')) throw err;
          await recover();
          answer = await call();
        }
      } catch (err) {
        throw err instanceof AppError ? err : redisUnavailable();
      }
      for (const [i, w] of batch.entries())
        w.resolve({
          board: ref.board,
          period: ref.period,
          score: answer[3 * i]!,
          subscore: answer[3 * i + 1]!,
          rank: answer[3 * i + 2] ?? null,
        });
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
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
    /**
     * The write-behind submission (input already checked against `board`): queued with the
     * board's others, answered when its batch's script call is.
     */
    async submit(board: Leaderboard, s: Submission, at: Date): Promise<SubmitAnswer> {
      checkSubmission(board, s);
      const ref = refOf(board, at);
      const fresh = freshExcluded();
      const ex = fresh instanceof Promise ? await fresh : fresh;
      // The lane is looked up after the wait: one that emptied meanwhile is gone.
      const key = `${ref.board}\u0000${ref.period}\u0000${board.operator}\u0000${board.sortOrder}\u0000${board.allowNegative}`;
      let lane = lanes.get(key);
      if (!lane) {
        lane = { board, ref, waiting: [], inFlight: 0 };
        lanes.set(key, lane);
      }
      const waiting = lane;
      return new Promise<SubmitAnswer>((resolve, reject) => {
        waiting.waiting.push({ s, at, excluded: ex, resolve, reject });
        pump(key, waiting);
      });
    },
    flush,
    recover,
    /** A change of the mini-game blacklist here: read the left-out players again. */
    forgetExcluded() {
      excluded = null;
      loading = null;
      generation += 1;
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
