import { MAX_SUBSCORE, type Standing } from '@rookery/contracts';
import { and, asc, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import type { RedisClient } from '../../platform/redis.js';
import { blacklistedPlayerIds, playerIsBlacklisted } from '../players/service.js';
import { leaderboardScores, minigameBlacklist } from './tables.js';

/** Generated (mock) players' IDs start here: far above any real player's. */
export const MOCK_BASE = 9_000_000_000_000_000;
/** Sub-scores take the low 20 bits of the Redis score. */
const SUB_SPAN = MAX_SUBSCORE + 1;

export type SortOrder = 'asc' | 'desc';

/** A stored score, as PostgreSQL holds it (`k1`, `k2`: smaller is better). */
export interface ScoreRow {
  board: string;
  period: string;
  userId: number;
  score: number;
  subscore: number;
  k1: number;
  k2: number;
  submittedAt: Date;
  version: number;
  mock: boolean;
}

/** The order keys of a score on a board: one ascending order for both sort orders. */
export function orderKeys(sortOrder: SortOrder, score: number, subscore: number) {
  return sortOrder === 'desc' ? { k1: -score, k2: MAX_SUBSCORE - subscore } : { k1: score, k2: subscore };
}
function fromKeys(sortOrder: SortOrder, k1: number, k2: number) {
  // `0 - x` keeps -0 out of the answers.
  return sortOrder === 'desc' ? { score: 0 - k1, subscore: MAX_SUBSCORE - k2 } : { score: k1, subscore: k2 };
}

/** Where a board's current standings live. */
export interface BoardRef {
  board: string;
  period: string;
  sortOrder: SortOrder;
}

/**
 * One interface, two stores giving the same standings (issue 45 item 3). PostgreSQL always holds
 * the acknowledged scores (the caller writes them first, in its transaction); the Redis store
 * mirrors them in sorted sets and answers the reads. Players left out (the players' blacklist
 * flag, the mini-game blacklist while it runs) are left out at read time by both, so a
 * blacklisting takes effect at once and its end needs no job.
 */
export interface BoardStore {
  kind: 'redis' | 'postgres';
  /** Mirror stored rows (PostgreSQL: nothing to do). Throws 503 when Redis does not answer. */
  put(rows: readonly ScoreRow[]): Promise<void>;
  /** Forget players' scores of a period. */
  drop(ref: BoardRef, userIds: readonly number[]): Promise<void>;
  /** The top `limit`. */
  top(db: Db, ref: BoardRef, limit: number, now: Date): Promise<Standing[]>;
  /**
   * A player's line (null when absent or left out) and `width` lines on each side; `excluded`, when
   * given, is `excludedIds(db, now)` read once for several calls (a batch of submissions).
   */
  around(
    db: Db,
    ref: BoardRef,
    userId: number,
    width: number,
    now: Date,
    excluded?: ReadonlySet<number>,
  ): Promise<{ entry: Standing | null; around: Standing[] }>;
  /** Build the mirror again from PostgreSQL; answers the scores it holds. */
  rebuild(db: Db, ref: BoardRef): Promise<number>;
  /** Drop a whole period (after its reset archived it). */
  clear(ref: BoardRef): Promise<void>;
}

/** The players left out of every board at `now`. */
export async function excludedIds(db: Db, now: Date): Promise<Set<number>> {
  const listed = await db
    .select({ id: minigameBlacklist.userId })
    .from(minigameBlacklist)
    .where(gt(minigameBlacklist.endsAt, now));
  return new Set([...(await blacklistedPlayerIds(db)), ...listed.map((r) => r.id)]);
}

/** A row is left out (PostgreSQL reads): the same rule as `excludedIds`. */
const included = (now: Date): SQL =>
  sql`not ${playerIsBlacklisted(leaderboardScores.userId)}
    and not exists (select 1 from ${minigameBlacklist} b where b.user_id = ${leaderboardScores.userId} and b.ends_at > ${now})`;

const standingOf = (r: typeof leaderboardScores.$inferSelect, rank: number): Standing => ({
  rank,
  userId: r.userId,
  score: r.score,
  subscore: r.subscore,
  submittedAt: r.submittedAt.toISOString(),
  mock: r.mock,
});

/** The standings from PostgreSQL's order index. */
export function postgresStore(): BoardStore {
  const of = (ref: BoardRef) => and(eq(leaderboardScores.board, ref.board), eq(leaderboardScores.period, ref.period));
  const order = [
    asc(leaderboardScores.k1),
    asc(leaderboardScores.k2),
    asc(leaderboardScores.submittedAt),
    asc(leaderboardScores.userId),
  ];
  const before = (r: ScoreRow) =>
    sql`(${leaderboardScores.k1}, ${leaderboardScores.k2}, ${leaderboardScores.submittedAt}, ${leaderboardScores.userId}) < (${r.k1}, ${r.k2}, ${r.submittedAt}, ${r.userId})`;
  const after = (r: ScoreRow) =>
    sql`(${leaderboardScores.k1}, ${leaderboardScores.k2}, ${leaderboardScores.submittedAt}, ${leaderboardScores.userId}) > (${r.k1}, ${r.k2}, ${r.submittedAt}, ${r.userId})`;
  return {
    kind: 'postgres',
    async put() {},
    async drop() {},
    async clear() {},
    async rebuild(db, ref) {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(leaderboardScores).where(of(ref));
      return row?.n ?? 0;
    },
    async top(db, ref, limit, now) {
      const rows = await db
        .select()
        .from(leaderboardScores)
        .where(and(of(ref), included(now)))
        .orderBy(...order)
        .limit(limit);
      return rows.map((r, i) => standingOf(r, i + 1));
    },
    async around(db, ref, userId, width, now, excluded) {
      const out = excluded ?? (await excludedIds(db, now));
      if (out.has(userId)) return { entry: null, around: [] };
      const [me] = await db
        .select()
        .from(leaderboardScores)
        .where(and(of(ref), eq(leaderboardScores.userId, userId)));
      if (!me) return { entry: null, around: [] };
      // Every row before mine (an index-only count over the order index), less the left-out
      // players' rows among them (a few): a test per row of whether its player is left out made
      // the count a join over the whole board.
      const [{ n } = { n: 0 }] = await db
        .select({
          n: sql<number>`(count(*) - count(*) filter (where ${leaderboardScores.userId} = any(${sql.param([...out])}::bigint[])))::int`,
        })
        .from(leaderboardScores)
        .where(and(of(ref), before(me)));
      const rank = n + 1;
      const above =
        width === 0
          ? []
          : await db
              .select()
              .from(leaderboardScores)
              .where(and(of(ref), before(me), included(now)))
              .orderBy(
                desc(leaderboardScores.k1),
                desc(leaderboardScores.k2),
                desc(leaderboardScores.submittedAt),
                desc(leaderboardScores.userId),
              )
              .limit(width);
      const below =
        width === 0
          ? []
          : await db
              .select()
              .from(leaderboardScores)
              .where(and(of(ref), after(me), included(now)))
              .orderBy(...order)
              .limit(width);
      const entry = standingOf(me, rank);
      return {
        entry,
        around: [
          ...above.reverse().map((r, i) => standingOf(r, rank - above.length + i)),
          entry,
          ...below.map((r, i) => standingOf(r, rank + 1 + i)),
        ],
      };
    },
  };
}

// Redis: a sorted set per board and period (`lb:<board>:<period>`) whose score is
// `k1·2²⁰ + k2` (exact in a double: |k1| < 2³², k2 < 2²⁰) and whose member is
// `<submittedAt ms, 15 digits>:<userId, 16 digits>`: equal scores sort by member, so the earliest
// submission, then the lower user ID, comes first. A hash beside it (`…:m`) holds each player's
// `version|member|score`, so a newer row replaces the member and an older one (a late write) is
// ignored.
const pad = (n: number, width: number) => String(n).padStart(width, '0');
const memberOf = (r: Pick<ScoreRow, 'submittedAt' | 'userId'>) =>
  `${pad(r.submittedAt.getTime(), 15)}:${pad(r.userId, 16)}`;
const redisScore = (r: Pick<ScoreRow, 'k1' | 'k2'>) => r.k1 * SUB_SPAN + r.k2;
const zkey = (ref: Pick<BoardRef, 'board' | 'period'>) => `lb:${ref.board}:${ref.period}`;
const hkey = (ref: Pick<BoardRef, 'board' | 'period'>) => `lb:${ref.board}:${ref.period}:m`;

/**
 * A player's hash value, `version|member|score` (the score as the sorted set holds it, so a
 * submission reads the player's line with one call); `version|member`, the earlier form, is still
 * read (the score then comes from the sorted set). In Lua: `stored(value)` answers version, member
 * and score (or nil).
 */
export const STORED_LUA = `
local function stored(v)
  local a = string.find(v, '|', 1, true)
  local b = string.find(v, '|', a + 1, true)
  if b then return tonumber(string.sub(v, 1, a - 1)), string.sub(v, a + 1, b - 1), tonumber(string.sub(v, b + 1)) end
  return tonumber(string.sub(v, 1, a - 1)), string.sub(v, a + 1), nil
end`;
/** The member of a hash value (either form). */
export function storedMember(v: string): string {
  const a = v.indexOf('|');
  const b = v.indexOf('|', a + 1);
  return v.slice(a + 1, b < 0 ? undefined : b);
}
const storedValue = (version: number | string, member: string, score: number | string) =>
  `${version}|${member}|${score}`;

const PUT = `${STORED_LUA}
local old = redis.call('HGET', KEYS[2], ARGV[1])
if old then
  local version, member = stored(old)
  if version >= tonumber(ARGV[2]) then return 0 end
  redis.call('ZREM', KEYS[1], member)
end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2] .. '|' .. ARGV[4] .. '|' .. ARGV[3])
return 1`;
const DROP = `${STORED_LUA}
for i = 1, #ARGV do
  local old = redis.call('HGET', KEYS[2], ARGV[i])
  if old then
    local _, member = stored(old)
    redis.call('ZREM', KEYS[1], member)
    redis.call('HDEL', KEYS[2], ARGV[i])
  end
end
return 1`;

type LeaderboardRedis = RedisClient['client'] & {
  lbPut(z: string, h: string, userId: string, version: string, score: string, member: string): Promise<number>;
  lbDrop(z: string, h: string, ...userIds: string[]): Promise<number>;
};

/** Redis not answering: 503, nothing acknowledged. */
export const redisUnavailable = () => new AppError(503, 'leaderboard.redisUnavailable');

async function guarded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw redisUnavailable();
  }
}

/** The standings in Redis sorted sets, mirrored from PostgreSQL. */
export function redisStore(redis: RedisClient): BoardStore {
  const base = redis.client;
  if (!('lbPut' in base)) {
    base.defineCommand('lbPut', { numberOfKeys: 2, lua: PUT });
    base.defineCommand('lbDrop', { numberOfKeys: 2, lua: DROP });
  }
  const client = base as LeaderboardRedis;
  const lineOf = (ref: BoardRef, member: string, score: number, rank: number): Standing => {
    const k1 = Math.floor(score / SUB_SPAN);
    const k2 = score - k1 * SUB_SPAN;
    const userId = Number(member.slice(16));
    return {
      rank,
      userId,
      ...fromKeys(ref.sortOrder, k1, k2),
      submittedAt: new Date(Number(member.slice(0, 15))).toISOString(),
      mock: userId >= MOCK_BASE,
    };
  };
  const pairs = (flat: string[]) => {
    const out: { member: string; score: number }[] = [];
    for (let i = 0; i < flat.length; i += 2) out.push({ member: flat[i]!, score: Number(flat[i + 1]) });
    return out;
  };
  /** The members of the left-out players that are on the board, with their 0-based raw ranks, sorted. */
  async function excludedRanks(db: Db, ref: BoardRef, now: Date, known?: ReadonlySet<number>) {
    const ids = [...(known ?? (await excludedIds(db, now)))];
    if (ids.length === 0) return { members: new Set<string>(), ranks: [] as number[] };
    const found = await client.hmget(hkey(ref), ...ids.map(String));
    const members = found.filter((v): v is string => v !== null).map(storedMember);
    if (members.length === 0) return { members: new Set<string>(), ranks: [] as number[] };
    const pipe = client.pipeline();
    for (const m of members) pipe.zrank(zkey(ref), m);
    const ranks = ((await pipe.exec()) ?? [])
      .map(([err, r]) => (err ? null : (r as number | null)))
      .filter((r): r is number => r !== null)
      .sort((a, b) => a - b);
    return { members: new Set(members), ranks };
  }
  /** Left-out members strictly before raw rank `r`. */
  const countBefore = (ranks: number[], r: number) => {
    let n = 0;
    for (const x of ranks) if (x < r) n += 1;
    return n;
  };
  return {
    kind: 'redis',
    put: (rows) =>
      guarded(async () => {
        if (rows.length === 0) return;
        const pipe = client.pipeline() as unknown as LeaderboardRedis & { exec(): Promise<[Error | null, unknown][]> };
        for (const r of rows)
          pipe.lbPut(zkey(r), hkey(r), String(r.userId), String(r.version), String(redisScore(r)), memberOf(r));
        const results = await pipe.exec();
        for (const [err] of results ?? []) if (err) throw err;
      }),
    drop: (ref, userIds) =>
      guarded(async () => {
        if (userIds.length === 0) return;
        for (let i = 0; i < userIds.length; i += 1000)
          await client.lbDrop(zkey(ref), hkey(ref), ...userIds.slice(i, i + 1000).map(String));
      }),
    clear: (ref) =>
      guarded(async () => {
        await client.del(zkey(ref), hkey(ref));
      }),
    rebuild: (db, ref) =>
      guarded(async () => {
        // Built beside the live keys, then renamed over them: readers never see half a board.
        const tmp = { board: `${ref.board}~rebuild`, period: ref.period };
        await client.del(zkey(tmp), hkey(tmp));
        let count = 0;
        let last: { board: string; userId: number } | null = null;
        for (;;) {
          const rows: (typeof leaderboardScores.$inferSelect)[] = await db
            .select()
            .from(leaderboardScores)
            .where(
              and(
                eq(leaderboardScores.board, ref.board),
                eq(leaderboardScores.period, ref.period),
                last ? gt(leaderboardScores.userId, last.userId) : undefined,
              ),
            )
            .orderBy(asc(leaderboardScores.userId))
            .limit(5_000);
          if (rows.length === 0) break;
          const pipe = client.pipeline();
          const z: (string | number)[] = [];
          const h: string[] = [];
          for (const r of rows) {
            z.push(redisScore(r), memberOf(r));
            h.push(String(r.userId), storedValue(r.version, memberOf(r), redisScore(r)));
          }
          pipe.zadd(zkey(tmp), ...z);
          pipe.hset(hkey(tmp), ...h);
          for (const [err] of (await pipe.exec()) ?? []) if (err) throw err;
          count += rows.length;
          last = { board: ref.board, userId: rows[rows.length - 1]!.userId };
        }
        if (count === 0) await client.del(zkey(ref), hkey(ref));
        else {
          const pipe = client.multi();
          pipe.rename(zkey(tmp), zkey(ref));
          pipe.rename(hkey(tmp), hkey(ref));
          for (const [err] of (await pipe.exec()) ?? []) if (err) throw err;
        }
        return count;
      }),
    top: (db, ref, limit, now) =>
      guarded(async () => {
        const { members } = await excludedRanks(db, ref, now);
        const flat = await client.zrange(zkey(ref), '0', String(limit + members.size - 1), 'WITHSCORES');
        return pairs(flat)
          .filter((p) => !members.has(p.member))
          .slice(0, limit)
          .map((p, i) => lineOf(ref, p.member, p.score, i + 1));
      }),
    around: (db, ref, userId, width, now, excluded) =>
      guarded(async () => {
        const stored = await client.hget(hkey(ref), String(userId));
        if (!stored) return { entry: null, around: [] };
        const member = storedMember(stored);
        const { members, ranks } = await excludedRanks(db, ref, now, excluded);
        if (members.has(member)) return { entry: null, around: [] };
        const raw = await client.zrank(zkey(ref), member);
        if (raw === null) return { entry: null, around: [] };
        const from = Math.max(0, raw - width - countBefore(ranks, raw));
        const flat = await client.zrange(zkey(ref), String(from), String(raw + width + members.size), 'WITHSCORES');
        let rank = from - countBefore(ranks, from);
        const lines: Standing[] = [];
        for (const p of pairs(flat)) {
          if (members.has(p.member)) continue;
          rank += 1;
          lines.push(lineOf(ref, p.member, p.score, rank));
        }
        const at = lines.findIndex((l) => l.userId === userId);
        const entry = lines[at] ?? null;
        return { entry, around: lines.slice(Math.max(0, at - width), at + width + 1) };
      }),
  };
}

export const storeKeys = { zkey, hkey, memberOf, redisScore };
