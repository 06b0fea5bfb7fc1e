import {
  compileConditions,
  type Locale,
  looksLikeUniqueCode,
  normalizeGiftCode,
  type RedeemStatus,
  type Reward,
  translate,
  validUniqueCode,
} from '@rookery/contracts';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { deleteInBatches } from '../../platform/housekeeping.js';
import {
  applyRewards,
  frozenError,
  getPlayerForUpdate,
  isFrozen,
  playerAttributes,
  recordPlayerEvent,
} from '../players/service.js';
import type { BatchRow } from './batches.js';
import { giftCodeAttempts, giftCodeBatches, giftCodeRedemptions, giftCodes } from './tables.js';

/** Failed attempts (unknown, used or disabled codes) one player, or one IP, may make per window. */
export const THROTTLE = { windowMs: 15 * 60_000, perPlayer: 10, perIp: 50 };
/** The outcomes that look like guessing and count towards the throttle. */
const COUNTED: ReadonlySet<RedeemStatus> = new Set(['unknown', 'alreadyUsed', 'disabled']);

export interface RedeemInput {
  userId: number;
  code: string;
  channel?: string;
  /**
   * The player's address as the game server saw it (failures are also throttled per IP); absent,
   * only per player: the connection's address is the game server's, shared by all its players.
   */
  ip?: string;
  locale: Locale;
  now: Date;
  /** Run every check and write, then roll back: what would happen, changing nothing. */
  dryRun: boolean;
}

export interface RedeemResult {
  status: RedeemStatus;
  message: string;
  rewards: Reward[];
  batchId: number | null;
  saveCount: number | null;
  retryAt: string | null;
}

/** A refusal (or the end of a dry run) leaves the transaction by this, which rolls it back. */
class Rollback extends Error {
  constructor(readonly result: RedeemResult) {
    super(result.status);
  }
}

const throttleKeys = (userId: number, ip?: string) => (ip ? [`p:${userId}`, `ip:${ip}`] : [`p:${userId}`]);

/** When the player or the IP may try again, or null when neither is throttled now. */
async function throttledUntil(db: Db, userId: number, ip: string | undefined, now: Date): Promise<Date | null> {
  const rows = await db
    .select()
    .from(giftCodeAttempts)
    .where(inArray(giftCodeAttempts.key, throttleKeys(userId, ip)));
  let until: Date | null = null;
  for (const r of rows) {
    const max = r.key.startsWith('p:') ? THROTTLE.perPlayer : THROTTLE.perIp;
    const end = new Date(r.windowStart.getTime() + THROTTLE.windowMs);
    if (r.failures >= max && end > now && (!until || end > until)) until = end;
  }
  return until;
}

/** Drop attempt counters whose window ended: they throttle nobody any more. Returns the rows removed. */
export function pruneGiftCodeAttempts(db: Db, now: Date): Promise<number> {
  const a = giftCodeAttempts;
  const ended = new Date(now.getTime() - THROTTLE.windowMs);
  return deleteInBatches(
    db,
    (limit) => sql`delete from ${a} where ${a.key} in (
      select ${a.key} from ${a} where ${a.windowStart} <= ${ended} limit ${limit})`,
  );
}

/** Count one failed attempt for the player and the IP (a window starts at its first failure). */
async function countFailure(db: Db, userId: number, ip: string | undefined, now: Date) {
  const a = giftCodeAttempts;
  const windowOpen = sql`${a.windowStart} > ${new Date(now.getTime() - THROTTLE.windowMs)}`;
  await db
    .insert(a)
    .values(throttleKeys(userId, ip).map((key) => ({ key, failures: 1, windowStart: now })))
    .onConflictDoUpdate({
      target: a.key,
      set: {
        failures: sql`case when ${windowOpen} then ${a.failures} + 1 else 1 end`,
        windowStart: sql`case when ${windowOpen} then ${a.windowStart} else excluded.window_start end`,
      },
    });
}

/**
 * Redeem a code for a player: the game's call, and with `dryRun` the console's test. One
 * transaction, locks in a fixed order (player, code, batch): the player's row first, so one
 * player's attempts queue; a unique code is taken by a conditional UPDATE; the batch's counter
 * moves last, by `claimed < total_limit`, so the batch row is held only until commit and never
 * goes past its limit. A refusal rolls everything back; guessing-like refusals are then counted.
 */
export async function redeemGiftCode(database: Db, input: RedeemInput): Promise<RedeemResult> {
  const { userId, locale, now } = input;
  const code = normalizeGiftCode(input.code);
  const answer = (
    status: RedeemStatus,
    extra: Partial<Omit<RedeemResult, 'status' | 'message'>> = {},
    vars?: Record<string, string>,
  ): RedeemResult => ({
    status,
    message: translate(`redeem.${status}`, locale, vars),
    rewards: [],
    batchId: null,
    saveCount: null,
    retryAt: null,
    ...extra,
  });
  // A mistyped unique code is refused here, before any statement.
  if (looksLikeUniqueCode(code) && !validUniqueCode(code)) return answer('typo');

  let result: RedeemResult;
  try {
    result = await database.transaction(async (db) => {
      const player = await getPlayerForUpdate(db, userId);
      if (isFrozen(player, now)) throw frozenError(player);
      const until = await throttledUntil(db, userId, input.ip, now);
      if (until) throw new Rollback(answer('throttled', { retryAt: until.toISOString() }, { at: until.toISOString() }));
      const refuse = (status: RedeemStatus, batch?: BatchRow, vars?: Record<string, string>) =>
        new Rollback(answer(status, { batchId: batch?.id ?? null }, vars));

      let batch: BatchRow | undefined;
      let unique: typeof giftCodes.$inferSelect | undefined;
      if (looksLikeUniqueCode(code)) {
        const [found] = await db
          .select({ code: giftCodes, batch: giftCodeBatches })
          .from(giftCodes)
          .innerJoin(giftCodeBatches, eq(giftCodeBatches.id, giftCodes.batchId))
          .where(eq(giftCodes.code, code));
        batch = found?.batch;
        unique = found?.code;
      } else {
        [batch] = await db.select().from(giftCodeBatches).where(eq(giftCodeBatches.sharedCode, code));
      }
      if (!batch) throw refuse('unknown');
      if (!batch.enabled || unique?.disabledAt) throw refuse('disabled', batch);
      if (now < batch.startAt) throw refuse('notStarted', batch, { at: batch.startAt.toISOString() });
      if (now >= batch.endAt) throw refuse('expired', batch, { at: batch.endAt.toISOString() });
      if (player.blacklisted) throw refuse('blacklisted', batch);
      if (batch.platforms.length > 0 && !batch.platforms.includes(player.os ?? '')) throw refuse('notEligible', batch);
      if (batch.channels.length > 0 && !batch.channels.includes(input.channel ?? ''))
        throw refuse('notEligible', batch);
      if (!compileConditions(batch.conditions)(playerAttributes(player, now), now.getTime()))
        throw refuse('notEligible', batch);
      const r = giftCodeRedemptions;
      const [{ n: mine }] = await db
        .select({ n: count() })
        .from(r)
        .where(and(eq(r.batchId, batch.id), eq(r.userId, userId)));
      if (unique?.usedBy != null) throw refuse(unique.usedBy === userId ? 'alreadyRedeemed' : 'alreadyUsed', batch);
      // A code a comeback mail handed to a player is that player's alone.
      if (unique?.assignedTo != null && unique.assignedTo !== userId) throw refuse('alreadyUsed', batch);
      if (mine >= batch.perPlayerLimit) throw refuse('alreadyRedeemed', batch);
      if (batch.claimed + batch.disabledCodes >= batch.totalLimit) throw refuse('usedUp', batch);

      // The writes. Each guard below is the exact one; the reads above only give the reason early.
      const inserted = await db
        .insert(r)
        .values({
          batchId: batch.id,
          userId,
          seq: mine + 1,
          code,
          uniqueCode: unique ? code : null,
          rewards: batch.rewards,
          redeemedAt: now,
          ip: input.ip ?? null,
        })
        .onConflictDoNothing()
        .returning({ id: r.id });
      if (inserted.length === 0) throw refuse(unique ? 'alreadyUsed' : 'alreadyRedeemed', batch);
      if (unique) {
        const taken = await db
          .update(giftCodes)
          .set({ usedBy: userId, usedAt: now })
          .where(and(eq(giftCodes.code, code), sql`${giftCodes.usedBy} is null`, sql`${giftCodes.disabledAt} is null`))
          .returning({ code: giftCodes.code });
        if (taken.length === 0) throw refuse('alreadyUsed', batch);
      }
      const updated = await applyRewards(db, userId, batch.rewards, { type: 'giftCode', id: batch.id }, now);
      await recordPlayerEvent(db, userId, 'giftCode', { batchId: batch.id, code, rewards: batch.rewards });
      const b = giftCodeBatches;
      const counted = await db
        .update(b)
        .set({ claimed: sql`${b.claimed} + 1` })
        .where(and(eq(b.id, batch.id), sql`${b.claimed} + ${b.disabledCodes} < ${b.totalLimit}`))
        .returning({ claimed: b.claimed });
      if (counted.length === 0) throw refuse('usedUp', batch);
      const done = answer('redeemed', { rewards: batch.rewards, batchId: batch.id, saveCount: updated.saveCount });
      if (input.dryRun) throw new Rollback({ ...done, saveCount: null });
      return done;
    });
  } catch (err) {
    if (!(err instanceof Rollback)) throw err;
    result = err.result;
    if (!input.dryRun && COUNTED.has(result.status)) await countFailure(database, userId, input.ip, now);
  }
  return result;
}
