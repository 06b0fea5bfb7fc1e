import {
  compileConditions,
  type Locale,
  looksLikeUniqueCode,
  MAX_AMOUNT,
  mayBeGiftCode,
  normalizeGiftCode,
  type RedeemStatus,
  type Reward,
  translate,
  validUniqueCode,
} from '@rookery/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { databaseErrorCode } from '../../platform/db/errors.js';
import { deleteInBatches } from '../../platform/housekeeping.js';
import { notFound } from '../../platform/http/errors.js';
import { frozenError, readPlayerAttributes } from '../players/service.js';
import { giftCodeAttempts, giftCodeBatches } from './tables.js';

/**
 * What a code that cannot exist is looked up as: no stored code is empty (shared codes are 4–32
 * letters and digits, unique ones 12 symbols), and unlike a NUL the empty text is storable.
 */
const NO_SUCH_CODE = '';

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

/** What `gift_code_redeem` (migrations 0019 and 0021) answers. */
interface Answer {
  status: RedeemStatus | 'noPlayer' | 'frozen' | 'conditions';
  batchId?: number;
  at?: string;
  rewards?: Reward[];
  saveCount?: number;
  reason?: string | null;
  until?: string | null;
}

/** A refusal a write's own guard found (SQLSTATE RK001): the statement rolled back. */
function guardRefusal(err: unknown): RedeemStatus | undefined {
  if (databaseErrorCode(err) !== 'RK001') return undefined;
  const e = err as { message?: string; cause?: { message?: string } };
  return (e.cause?.message ?? e.message) as RedeemStatus;
}

const callRedeem = async (db: Db, input: RedeemInput, code: string, eligible: boolean | null) => {
  const result =
    (await db.execute(sql`select gift_code_redeem(${input.userId}::bigint, ${code}, ${looksLikeUniqueCode(code)},
      ${input.now}::timestamptz, ${input.ip ?? null}, ${input.channel ?? null}, ${eligible}::boolean,
      ${JSON.stringify(THROTTLE)}::jsonb, ${MAX_AMOUNT}::numeric) as answer`)) as unknown as {
      rows: { answer: Answer | string }[];
    };
  return parseAnswer(result.rows[0].answer);
};

const parseAnswer = <T>(value: T | string): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** One call's first answer, a guard's refusal (RK001) being an answer too. */
async function firstAnswer(db: Db, input: RedeemInput, code: string): Promise<Answer> {
  try {
    return await callRedeem(db, input, code, null);
  } catch (err) {
    const status = guardRefusal(err);
    if (!status) throw err;
    return { status };
  }
}

interface Waiting {
  input: RedeemInput;
  code: string;
  resolve: (a: Answer) => void;
  reject: (err: unknown) => void;
}

/** Redemption statements running at once, per database (PGlite has one connection; on PostgreSQL,
 * two let one statement's commit overlap the other's work: measured on 2 cores, 16 callers, one
 * at a time 0.47-0.60 of single-row inserts, two 0.63-0.64, three 0.50-0.53). */
export const REDEEM_STATEMENTS = { pglite: 1, postgres: 2 } as const;

/**
 * The game's redemptions, sent together: the calls arriving in one turn of the event loop wait
 * for it to end, and are then split over the free statements (`gift_code_redeem_many`, up to
 * `maxBatch` each); while every statement is running, new calls wait for the next free one. The
 * statement checks each redemption, writes the shared-code ones together and the rest one by one
 * in subtransactions, each with its own answer. Under a burst (a code announced on stream), one
 * round trip and one commit then serve many players instead of one; alone, a call is sent after
 * the current turn. Should a statement fail as a whole (a deadlock between two statements naming
 * the same player, a lost connection), its calls are sent again one by one.
 */
export class RedemptionQueue {
  private readonly waiting: Waiting[] = [];
  private inFlight = 0;
  /** Statements sent, the redemptions they carried, and those sent again alone after a statement failed. */
  readonly sent = { statements: 0, redemptions: 0, retriedAlone: 0 };

  constructor(
    private readonly db: Db,
    /** Statements at once: 1 on PGlite (one connection), a few on PostgreSQL. */
    private readonly maxInFlight: number,
    /** Redemptions per statement (those it writes one by one are subtransactions; PostgreSQL caches 64 per transaction). */
    private readonly maxBatch = 32,
  ) {}

  answer(input: RedeemInput, code: string): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ input, code, resolve, reject });
      this.pump();
    });
  }

  private scheduled = false;

  /**
   * Send what waits, after the current turn of the event loop: the calls arriving together (a
   * burst, or the callers just answered coming back with their next calls) then share statements
   * instead of the first going alone. The waiting calls are split evenly over the free statements,
   * so that one statement's commit overlaps another's work.
   */
  private pump() {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      while (this.waiting.length > 0 && this.inFlight < this.maxInFlight) {
        const share = Math.ceil(this.waiting.length / (this.maxInFlight - this.inFlight));
        const batch = this.waiting.splice(0, Math.min(this.maxBatch, share));
        this.inFlight += 1;
        void this.send(batch).finally(() => {
          this.inFlight -= 1;
          this.pump();
        });
      }
    });
  }

  private async send(batch: Waiting[]) {
    this.sent.statements += 1;
    this.sent.redemptions += batch.length;
    const one = (w: Waiting) => firstAnswer(this.db, w.input, w.code).then(w.resolve, w.reject);
    if (batch.length === 1) return one(batch[0]);
    const items = batch.map(({ input, code }) => ({
      user: input.userId,
      code,
      unique: looksLikeUniqueCode(code),
      now: input.now.toISOString(),
      ip: input.ip ?? null,
      channel: input.channel ?? null,
    }));
    let answers: Answer[];
    try {
      const result = (await this.db.execute(
        sql`select gift_code_redeem_many(${JSON.stringify(items)}::jsonb, ${JSON.stringify(THROTTLE)}::jsonb,
          ${MAX_AMOUNT}::numeric) as answers`,
      )) as unknown as { rows: { answers: Answer[] | string }[] };
      answers = parseAnswer(result.rows[0].answers);
    } catch {
      this.sent.retriedAlone += batch.length;
      await Promise.all(batch.map(one));
      return;
    }
    for (const [i, w] of batch.entries()) w.resolve(answers[i]);
  }
}

/**
 * Redeem a code for a player: the game's call, and with `dryRun` the console's test. The checks,
 * in this order, give the reason: the player (404, frozen: 403), throttled, unknown, disabled
 * (batch or code), not started, expired, blacklisted, platform / channel / conditions (not
 * eligible), a unique code already used (by this player: already redeemed) or handed to another,
 * the player's limit for the batch (already redeemed), used up.
 *
 * The whole redemption is one statement, `gift_code_redeem` (migrations 0019, 0021): one round trip and
 * one commit; with a `queue`, the redemptions arriving together share one (`RedemptionQueue`). Its
 * writes carry the exact guards: a slot of the batch's counter with room (`claimed < quota`, the
 * slots' quotas adding up to the limit), the unique code still unused, the player's n-th
 * redemption of the batch not yet written (a unique index); the rewards go through the one reward
 * path (`apply_rewards`). A batch with conditions costs one more round trip: the statement asks,
 * the condition engine answers, and the statement runs again with the verdict.
 *
 * A mistyped unique code is refused before any statement; a code holding what no code holds is
 * looked up as one that matches nothing (unknown). A refusal changes nothing;
 * guessing-like refusals (unknown, used, disabled) are then counted toward the throttle. A dry
 * run runs the same statement in a transaction that is rolled back.
 */
export async function redeemGiftCode(database: Db, input: RedeemInput, queue?: RedemptionQueue): Promise<RedeemResult> {
  const { userId, locale, now } = input;
  const typed = normalizeGiftCode(input.code);
  // A code holding anything codes never hold (a NUL, which PostgreSQL cannot even take, a lone
  // surrogate, punctuation) takes the path of any unknown code — the player's checks first, then
  // "unknown", counted toward the throttle — under a stand-in that matches nothing.
  const code = mayBeGiftCode(typed) ? typed : NO_SUCH_CODE;
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
  if (looksLikeUniqueCode(code) && !validUniqueCode(code)) return answer('typo');

  const attempt = async (db: Db, queued?: RedemptionQueue): Promise<RedeemResult> => {
    let a = queued ? await queued.answer(input, code) : await firstAnswer(db, input, code);
    if (a.status === 'conditions') {
      const [batch] = await db
        .select({ conditions: giftCodeBatches.conditions })
        .from(giftCodeBatches)
        .where(eq(giftCodeBatches.id, a.batchId!));
      const attributes = await readPlayerAttributes(db, userId, now);
      const eligible = !!batch && !!attributes && compileConditions(batch.conditions)(attributes, now.getTime());
      try {
        a = await callRedeem(db, input, code, eligible);
      } catch (err) {
        const status = guardRefusal(err);
        if (!status) throw err;
        a = { status };
      }
    }
    if (a.status === 'noPlayer') throw notFound('player.notFound');
    if (a.status === 'frozen')
      throw frozenError({ frozenReason: a.reason ?? null, frozenUntil: a.until ? new Date(a.until) : null });
    if (a.status === 'conditions') throw new Error('gift_code_redeem asked for conditions twice');
    const at = a.at ? new Date(a.at).toISOString() : undefined;
    if (a.status === 'throttled') return answer('throttled', { retryAt: at! }, { at: at! });
    if (a.status !== 'redeemed') return answer(a.status, { batchId: a.batchId ?? null }, at ? { at } : undefined);
    return answer('redeemed', { rewards: a.rewards!, batchId: a.batchId!, saveCount: a.saveCount ?? null });
  };

  if (input.dryRun) {
    try {
      await database.transaction(async (tx) => {
        throw new Rollback(await attempt(tx));
      });
    } catch (err) {
      if (!(err instanceof Rollback)) throw err;
      return { ...err.result, saveCount: null };
    }
    throw new Error('unreachable');
  }
  const result = await attempt(database, queue);
  if (COUNTED.has(result.status)) await countFailure(database, userId, input.ip, now);
  return result;
}
