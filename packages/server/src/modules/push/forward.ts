import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { defineJob, type JobCause } from '../../platform/jobs/define.js';
import type { FcmClient, FcmOutcome } from './fcm.js';
import { pushDevices, pushOutbox, pushSends, pushSendZones } from './tables.js';

/**
 * Forwarding the outbox to FCM (docs/decisions/2026-11-29-push-fcm.md). The delivery job writes a
 * send's messages as `pending` outbox rows; the `push.forward` job of the send claims the due ones
 * in batches (a fenced step: `for update skip locked`, then a claim with an end), sends them with
 * at most `FCM_IN_FLIGHT` requests in flight, and records each outcome under its claim: accepted
 * (`sent`), the token invalid (`invalid`, the device pruned), a retry (pending again, due after
 * Retry-After or the backoff) or a failure. A send is finished (`done`, or `failed` when FCM
 * accepted none of its messages and some failed) once its zones are delivered and no row waits.
 */

/** Rows one claim takes (8 rounds of 8 in flight). */
export const FORWARD_BATCH = 64;
/** Requests made for one message before it fails. */
export const MAX_ATTEMPTS = 5;
/** How long a claim holds: a run that died lets its rows go after this. */
const CLAIM_MS = 5 * 60_000;
/** The backoff without Retry-After: about 10 s, 20 s, 40 s, 80 s (±20 %), at most 15 min. */
const BACKOFF_BASE_MS = 10_000;
const BACKOFF_CAP_MS = 15 * 60_000;
/** A Retry-After is honoured up to an hour. */
const RETRY_AFTER_CAP_MS = 60 * 60_000;
/** A run ends after this and starts again (each run stays well inside its lease). */
const RUN_BUDGET_MS = 4 * 60_000;
/** While the send's zones are still being written and nothing is due, the run looks again after this. */
const POLL_MS = 500;
/** Rows due within this are waited for in the run; later ones by the dispatch's sweep (every 15 s). */
const WAIT_IN_RUN_MS = 15_000;

/** When a message that got a retryable answer (its `attempt`-th request) is tried again. */
export function retryDelayMs(attempt: number, retryAfterMs?: number, random = Math.random()): number {
  if (retryAfterMs !== undefined) return Math.min(Math.max(retryAfterMs, 0), RETRY_AFTER_CAP_MS);
  const base = BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1);
  return Math.min(BACKOFF_CAP_MS, Math.round(base * (0.8 + 0.4 * random)));
}

export interface ClaimedRow {
  id: number;
  token: string;
  platform: string;
  title: string;
  body: string;
  data: Record<string, string>;
  attempts: number;
}

/**
 * Claim up to `limit` of a send's due pending rows (unclaimed, or their claim past its end) for
 * `claim` until `now` + the claim time. Rows locked by another claim in flight are skipped.
 */
export async function claimDue(tx: Db, sendId: number, now: Date, claim: string, limit = FORWARD_BATCH) {
  const due = tx
    .select({ id: pushOutbox.id })
    .from(pushOutbox)
    .where(
      and(
        eq(pushOutbox.sendId, sendId),
        eq(pushOutbox.state, 'pending'),
        sql`${pushOutbox.nextAttemptAt} <= ${now}`,
        sql`(${pushOutbox.claimedUntil} is null or ${pushOutbox.claimedUntil} <= ${now})`,
      ),
    )
    .orderBy(pushOutbox.nextAttemptAt, pushOutbox.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .update(pushOutbox)
    .set({ claim, claimedUntil: new Date(now.getTime() + CLAIM_MS) })
    .where(inArray(pushOutbox.id, due))
    .returning({
      id: pushOutbox.id,
      token: pushOutbox.token,
      platform: pushOutbox.platform,
      title: pushOutbox.title,
      body: pushOutbox.body,
      data: pushOutbox.data,
      attempts: pushOutbox.attempts,
    }) as Promise<ClaimedRow[]>;
}

/** A claimed row's outcome as it is recorded. */
interface Recorded {
  id: number;
  state: 'sent' | 'failed' | 'invalid' | 'pending';
  error: string | null;
  provider_id: string | null;
  next_attempt_at: string | null;
}

export function recordOf(row: ClaimedRow, outcome: FcmOutcome, now: Date): Recorded {
  const attempt = row.attempts + 1;
  switch (outcome.kind) {
    case 'sent':
      return { id: row.id, state: 'sent', error: null, provider_id: outcome.name, next_attempt_at: null };
    case 'invalid':
      return { id: row.id, state: 'invalid', error: outcome.code, provider_id: null, next_attempt_at: null };
    case 'failed':
      return { id: row.id, state: 'failed', error: outcome.code, provider_id: null, next_attempt_at: null };
    case 'retry':
      if (attempt >= MAX_ATTEMPTS)
        return { id: row.id, state: 'failed', error: outcome.code, provider_id: null, next_attempt_at: null };
      return {
        id: row.id,
        state: 'pending',
        error: outcome.code,
        provider_id: null,
        next_attempt_at: new Date(now.getTime() + retryDelayMs(attempt, outcome.retryAfterMs)).toISOString(),
      };
  }
}

/**
 * Record the outcomes of a claim in one transaction: each row only while the claim is still its
 * own (a claim that outlived its end and was taken records nothing), a cancelled row waiting for a
 * retry stays cancelled; invalid tokens pruned from `push_devices`; the send's counts moved; the
 * send finished if this was its last waiting row.
 */
export async function recordOutcomes(db: Db, sendId: number, claim: string, results: Recorded[], now: Date) {
  if (results.length === 0) return { sent: 0, failed: 0, invalid: 0, retried: 0 };
  return db.transaction(async (tx) => {
    // The send first: the same order as cancelling and finishing a zone.
    await tx.select({ id: pushSends.id }).from(pushSends).where(eq(pushSends.id, sendId)).for('update');
    const rows = (await tx.execute(sql`
      update ${pushOutbox} o set
        state = case when o.state = 'cancelled' and v.state = 'pending' then 'cancelled' else v.state end,
        attempts = o.attempts + 1,
        error = v.error,
        provider_id = v.provider_id,
        next_attempt_at = case when o.state = 'cancelled' then null else v.next_attempt_at end,
        sent_at = case when v.state = 'sent' then ${now}::timestamptz else null end,
        claim = null,
        claimed_until = null
      from jsonb_to_recordset(${JSON.stringify(results)}::jsonb)
        as v(id bigint, state text, error text, provider_id text, next_attempt_at timestamptz)
      where o.id = v.id and o.claim = ${claim}
      returning o.token, o.state`)) as unknown as { rows: { token: string; state: string }[] };
    const count = (state: string) => rows.rows.filter((r) => r.state === state).length;
    const invalid = rows.rows.filter((r) => r.state === 'invalid').map((r) => r.token);
    if (invalid.length > 0) await tx.delete(pushDevices).where(inArray(pushDevices.token, invalid));
    const tally = { sent: count('sent'), failed: count('failed'), invalid: invalid.length, retried: count('pending') };
    if (tally.sent + tally.failed + tally.invalid > 0)
      await tx
        .update(pushSends)
        .set({
          sent: sql`${pushSends.sent} + ${tally.sent}`,
          failed: sql`${pushSends.failed} + ${tally.failed}`,
          invalidTokens: sql`${pushSends.invalidTokens} + ${tally.invalid}`,
        })
        .where(eq(pushSends.id, sendId));
    await settleSend(tx, sendId, now);
    return tally;
  });
}

/**
 * Finish a sending send whose zones are all delivered and whose messages all have an outcome:
 * `failed` when it went through FCM, FCM accepted none and some failed (the error names the
 * commonest reasons), else `done`. Idempotent; the caller's transaction locks the send first.
 */
export async function settleSend(tx: Db, sendId: number, now: Date) {
  const [s] = await tx.select().from(pushSends).where(eq(pushSends.id, sendId)).for('update');
  if (s?.state !== 'sending' || s.zonesDone < s.zones) return;
  const [waiting] = await tx
    .select({ one: sql`1` })
    .from(pushOutbox)
    .where(and(eq(pushOutbox.sendId, sendId), eq(pushOutbox.state, 'pending')))
    .limit(1);
  if (waiting) return;
  if (s.provider === 'fcm' && s.sent === 0 && s.failed > 0) {
    const reasons = await tx
      .select({ error: pushOutbox.error, n: sql<number>`count(*)`.mapWith(Number) })
      .from(pushOutbox)
      .where(and(eq(pushOutbox.sendId, sendId), eq(pushOutbox.state, 'failed')))
      .groupBy(pushOutbox.error)
      .orderBy(sql`count(*) desc`, pushOutbox.error)
      .limit(3);
    const why = reasons.map((r) => `${r.error ?? 'UNKNOWN'} ×${r.n}`).join(', ');
    await tx
      .update(pushSends)
      .set({
        state: 'failed',
        finishedAt: now,
        error: `FCM accepted none of ${s.targeted} messages: ${s.failed} failed (${why}), ${s.invalidTokens} invalid tokens`,
      })
      .where(eq(pushSends.id, sendId));
    return;
  }
  await tx.update(pushSends).set({ state: 'done', finishedAt: now }).where(eq(pushSends.id, sendId));
}

/** Where a send's forwarding stands when nothing is due: still being written, the next due row, or finished. */
async function progressOf(db: Db, sendId: number) {
  const [zones] = await db
    .select({ one: sql`1` })
    .from(pushSendZones)
    .where(and(eq(pushSendZones.sendId, sendId), eq(pushSendZones.state, 'started')))
    .limit(1);
  const [next] = await db
    .select({
      at: sql<
        string | null
      >`min(greatest(${pushOutbox.nextAttemptAt}, coalesce(${pushOutbox.claimedUntil}, ${pushOutbox.nextAttemptAt})))`,
    })
    .from(pushOutbox)
    .where(and(eq(pushOutbox.sendId, sendId), eq(pushOutbox.state, 'pending')));
  return { delivering: zones !== undefined, nextDue: next?.at ? new Date(next.at) : null };
}

/** Send claimed rows (at most `FCM_IN_FLIGHT` at once, the client's limit) and answer each one's record. */
async function forwardRows(fcm: FcmClient | null, rows: ClaimedRow[], now: () => Date) {
  return Promise.all(
    rows.map(async (row) => {
      const outcome: FcmOutcome = fcm
        ? await fcm.send(row, now().getTime())
        : { kind: 'failed', code: 'FCM_NOT_CONFIGURED' };
      return recordOf(row, outcome, now());
    }),
  );
}

/** Wait `ms`, or less when the run is told to stop (the listener goes with the wait: a run waits often). */
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const t = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

export type EnqueueForward = (db: Db, sendId: number, cause: JobCause) => Promise<unknown>;

/**
 * `push.forward`: one run per send at a time (its singleton key). It forwards due rows batch by
 * batch; with nothing due it waits while the send's zones are still being written or a retry is
 * due within 15 s, and finishes the send when no row waits. A run ends after its budget and
 * leaves the next run queued.
 */
export function forwardJob(deps: { fcm: FcmClient | null; enqueue: EnqueueForward }) {
  return defineJob({
    name: 'push.forward',
    payload: z.object({ sendId: z.number().int() }),
    retry: { limit: 5, delaySeconds: 10, backoff: true },
    concurrency: 4,
    leaseSeconds: 10 * 60,
    singletonKey: (p) => `push:forward:${p.sendId}`,
    handler: async ({ db, payload, clock, step, transaction, signal, cause }) => {
      const { sendId } = payload;
      const started = performance.now();
      const total = { sent: 0, failed: 0, invalid: 0, retried: 0 };
      for (;;) {
        if (performance.now() - started > RUN_BUDGET_MS) {
          await transaction((tx) => deps.enqueue(tx, sendId, cause));
          return { ...total, more: true };
        }
        const claim = randomUUID();
        const rows = await step((tx) => claimDue(tx, sendId, clock.now(), claim));
        if (rows.length > 0) {
          const results = await forwardRows(deps.fcm, rows, () => clock.now());
          const tally = await recordOutcomes(db, sendId, claim, results, clock.now());
          for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += tally[k];
          continue;
        }
        const { delivering, nextDue } = await progressOf(db, sendId);
        const wait = nextDue ? nextDue.getTime() - clock.now().getTime() : null;
        // Still being written, or a retry due soon (a Retry-After): looked at again shortly, by the
        // service clock each time (a clock moved forward is seen within a second).
        if ((delivering || (wait !== null && wait <= WAIT_IN_RUN_MS)) && !signal.aborted) {
          await sleep(delivering ? POLL_MS : Math.min(1000, Math.max(wait ?? 0, 50)), signal);
          continue;
        }
        // Later retries: the dispatch's sweep starts a run when they are due.
        if (nextDue) return { ...total, nextDue: nextDue.toISOString() };
        await transaction((tx) => settleSend(tx, sendId, clock.now()));
        return total;
      }
    },
  });
}

/**
 * The sends with rows due and unclaimed (a retry come due, a run that died): each gets a forward run
 * (the singleton key keeps one waiting per send). The dispatch job's sweep, every 15 s.
 */
export async function forwardDueSends(db: Db, now: Date, enqueue: (tx: Db, sendId: number) => Promise<unknown>) {
  const rows = await db
    .selectDistinct({ sendId: pushOutbox.sendId })
    .from(pushOutbox)
    .where(
      and(
        eq(pushOutbox.state, 'pending'),
        sql`${pushOutbox.nextAttemptAt} <= ${now}`,
        sql`(${pushOutbox.claimedUntil} is null or ${pushOutbox.claimedUntil} <= ${now})`,
      ),
    )
    .limit(100);
  for (const r of rows) await enqueue(db, r.sendId);
  return rows.length;
}
