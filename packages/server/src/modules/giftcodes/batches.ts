import { endHasPassed, type GiftCodeBatchBody, type GiftCodeBatchState, type GiftCodeState } from '@rookery/contracts';
import { and, asc, desc, eq, getTableColumns, ilike, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { asList, containsPattern, type PageInput, paginate } from '../../platform/db/paginate.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { giftCodeBatches, giftCodeCounters, giftCodes } from './tables.js';

/** A batch with what it claimed (the sum of its counter's slots). */
export type BatchRow = typeof giftCodeBatches.$inferSelect & { claimed: number };
type CodeRow = typeof giftCodes.$inferSelect;

/** Redemptions the batch can still take: the limit less what was claimed and the codes switched off. */
const open = (b: Pick<BatchRow, 'totalLimit' | 'claimed' | 'disabledCodes'>) =>
  b.totalLimit - b.claimed - b.disabledCodes;

/** The batch's state now; `stateSql` is the same rule in SQL (the list filters by it). */
export function batchState(b: BatchRow, now: Date): GiftCodeBatchState {
  if (!b.enabled) return 'disabled';
  if (now < b.startAt) return 'scheduled';
  if (now >= b.endAt) return 'expired';
  if (open(b) <= 0) return 'usedUp';
  return 'active';
}

const t = giftCodeBatches;
const k = giftCodeCounters;
/** What the batch claimed: the sum over its counter's slots. */
const claimedSql =
  sql<number>`(select coalesce(sum(${k.claimed}), 0)::int from ${k} where ${k.batchId} = ${t.id})`.mapWith(Number);
/** A batch row with its claimed count, for `db.select(batchColumns)`. */
const batchColumns = { ...getTableColumns(t), claimed: claimedSql };

/**
 * Slots a batch's counter is split over: enough that concurrent redemptions of one shared code
 * rarely wait on each other's row (a redemption holds its slot until it commits).
 */
export const COUNTER_SLOTS = 16;

/** Quotas adding up to `limit`, each slot keeping at least what it claimed; the caller checks `limit` ≥ their sum. */
export function splitQuota(limit: number, claimed: readonly number[]): number[] {
  const free = limit - claimed.reduce((a, b) => a + b, 0);
  const n = claimed.length;
  return claimed.map((c, i) => c + Math.floor(free / n) + (i < free % n ? 1 : 0));
}

const stateSql = (now: Date) => sql<GiftCodeBatchState>`case
  when not ${t.enabled} then 'disabled'
  when ${t.startAt} > ${now} then 'scheduled'
  when ${t.endAt} <= ${now} then 'expired'
  when ${t.totalLimit} - ${claimedSql} - ${t.disabledCodes} <= 0 then 'usedUp'
  else 'active' end`;

/**
 * Where a unique batch's codes stand: being written (a generation job waits or runs), stopped
 * short (no job: cancelled, or out of retries — the operator resumes or closes it), or all there.
 */
export function generationOf(
  b: Pick<BatchRow, 'kind' | 'generated' | 'totalLimit'>,
  pending: boolean,
): 'none' | 'running' | 'stopped' | 'done' {
  if (b.kind === 'shared') return 'none';
  if (b.generated >= b.totalLimit) return 'done';
  return pending ? 'running' : 'stopped';
}

/** A batch as the console reads it; `pending`: a generation job of it waits or runs. */
export function toBatch(b: BatchRow, now: Date, pending = false) {
  return {
    id: b.id,
    name: b.name,
    description: b.description,
    kind: b.kind,
    code: b.sharedCode,
    total: b.totalLimit,
    claimed: b.claimed,
    // Unique codes: those written so far, unused and not switched off.
    remaining: Math.max(0, b.kind === 'shared' ? open(b) : b.generated - b.claimed - b.disabledCodes),
    state: batchState(b, now),
    generated: b.kind === 'shared' ? 0 : b.generated,
    generation: generationOf(b, pending),
    disabledCodes: b.disabledCodes,
    rewards: b.rewards,
    startAt: b.startAt,
    endAt: b.endAt,
    perPlayerLimit: b.perPlayerLimit,
    conditions: b.conditions,
    platforms: b.platforms as ('android' | 'ios')[],
    channels: b.channels,
    enabled: b.enabled,
    createdBy: b.createdBy,
    createdAt: b.createdAt,
    updatedAt: b.updatedAt,
  };
}
export type BatchView = ReturnType<typeof toBatch>;

export async function listBatches(
  db: Db,
  q: PageInput & { state?: GiftCodeBatchState; kind?: 'shared' | 'unique'; name?: string },
  now: Date,
  /** Of these batches, those with a generation job waiting or running. */
  pendingOf: (ids: number[]) => Promise<Set<number>>,
) {
  const page = await paginate(db, {
    from: t,
    filters: [
      q.state ? sql`${stateSql(now)} = ${q.state}` : undefined,
      q.kind ? eq(t.kind, q.kind) : undefined,
      q.name ? ilike(t.name, containsPattern(q.name)) : undefined,
    ],
    orderBy: [desc(t.id)],
    select: (db) => db.select(batchColumns).from(t),
    page: q.page,
    pageSize: q.pageSize,
  });
  const short = page.rows.filter((b) => b.kind === 'unique' && b.generated < b.totalLimit).map((b) => b.id);
  const pending = short.length ? await pendingOf(short) : new Set<number>();
  return asList(page, (b) => toBatch(b, now, pending.has(b.id)));
}

/**
 * Resume or close a unique batch whose generation stopped short (409 otherwise, e.g. while its
 * job still runs: cancel it first). Close makes the batch's number of codes those it has, so it
 * reads as complete; resume is the caller's (it enqueues the generation, which carries on from
 * `generated`).
 */
export async function stoppedBatch(db: Db, id: number, pending: (id: number) => Promise<boolean>) {
  const before = await getBatchRow(db, id, true);
  if (generationOf(before, await pending(id)) !== 'stopped') throw conflict('giftCode.generationNotStopped');
  return before;
}

export async function closeGeneration(db: Db, before: BatchRow, now: Date) {
  await setLimit(db, before.id, before.generated);
  const [after] = await db
    .update(t)
    .set({ totalLimit: before.generated, updatedAt: now })
    .where(eq(t.id, before.id))
    .returning();
  return { ...after, claimed: before.claimed };
}

export async function getBatchRow(db: Db, id: number, lock = false): Promise<BatchRow> {
  const query = db.select(batchColumns).from(t).where(eq(t.id, id));
  const [row] = lock ? await query.for('update', { of: t }) : await query;
  if (!row) throw notFound('giftCode.notFound');
  return row;
}

const columns = (body: GiftCodeBatchBody) => ({
  name: body.name,
  description: Object.fromEntries(Object.entries(body.description).filter(([, v]) => v)) as Record<string, string>,
  rewards: body.rewards,
  startAt: new Date(body.startAt),
  endAt: new Date(body.endAt),
  perPlayerLimit: body.perPlayerLimit ?? 1,
  conditions: body.conditions,
  platforms: [...new Set(body.platforms)],
  channels: [...new Set(body.channels)],
  enabled: body.enabled,
});

async function sharedCodeFree(db: Db, code: string, except?: number) {
  const [other] = await db.select({ id: t.id }).from(t).where(eq(t.sharedCode, code));
  if (other && other.id !== except) throw conflict('giftCode.codeTaken', 'code');
}

/** A window that has already ended makes a batch expired from the start: refused (the stored one may stay). */
function refusePastEnd(body: GiftCodeBatchBody, now: Date, stored?: Date) {
  if (endHasPassed(body.endAt, now.getTime()) && stored?.getTime() !== Date.parse(body.endAt))
    throw badRequest('giftCode.endInPast', 'endAt');
}

export async function createBatch(db: Db, body: GiftCodeBatchBody, actor: string | null, now: Date) {
  refusePastEnd(body, now);
  if (body.kind === 'shared') await sharedCodeFree(db, body.code!);
  const [row] = await db
    .insert(t)
    .values({
      ...columns(body),
      kind: body.kind,
      sharedCode: body.kind === 'shared' ? body.code! : null,
      totalLimit: body.kind === 'shared' ? body.totalLimit! : body.codeCount!,
      createdBy: actor,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const quotas = splitQuota(row.totalLimit, new Array(COUNTER_SLOTS).fill(0));
  await db.insert(k).values(quotas.map((quota, slot) => ({ batchId: row.id, slot, quota })));
  return { ...row, claimed: 0 };
}

/**
 * A new limit for a shared batch: the quotas are split again under the slots' locks (so no
 * redemption moves them meanwhile), each slot keeping at least what it claimed.
 */
async function setLimit(db: Db, batchId: number, limit: number) {
  const slots = await db.select().from(k).where(eq(k.batchId, batchId)).orderBy(asc(k.slot)).for('update');
  const claimed = slots.reduce((a, s) => a + s.claimed, 0);
  if (limit < claimed)
    throw new AppError(400, 'giftCode.limitBelowClaimed', {
      vars: { claimed },
      fields: [{ field: 'totalLimit', message: 'giftCode.limitBelowClaimed' }],
    });
  const quotas = splitQuota(
    limit,
    slots.map((s) => s.claimed),
  );
  const pairs = JSON.stringify(slots.map((s, i) => [s.slot, quotas[i]]));
  await db.execute(sql`update ${k} set quota = (v.e->>1)::int
    from jsonb_array_elements(${pairs}::jsonb) as v(e)
    where ${k.batchId} = ${batchId} and ${k.slot} = (v.e->>0)::int`);
}

export async function updateBatch(db: Db, id: number, body: GiftCodeBatchBody, now: Date) {
  const before = await getBatchRow(db, id, true);
  if (body.kind !== before.kind) throw badRequest('giftCode.kindFixed', 'kind');
  refusePastEnd(body, now, before.endAt);
  let totalLimit = before.totalLimit;
  let sharedCode = before.sharedCode;
  if (before.kind === 'unique') {
    if (body.codeCount !== before.totalLimit) throw badRequest('giftCode.codeCountFixed', 'codeCount');
  } else {
    totalLimit = body.totalLimit!;
    if (totalLimit !== before.totalLimit) await setLimit(db, id, totalLimit);
    if (body.code !== before.sharedCode) {
      if (before.claimed > 0) throw badRequest('giftCode.codeFixed', 'code');
      await sharedCodeFree(db, body.code!, id);
      sharedCode = body.code!;
    }
  }
  const [after] = await db
    .update(t)
    .set({ ...columns(body), totalLimit, sharedCode, updatedAt: now })
    .where(eq(t.id, id))
    .returning();
  return { before, after: { ...after, claimed: before.claimed } };
}

export function codeState(c: Pick<CodeRow, 'usedBy' | 'disabledAt'>): GiftCodeState {
  return c.usedBy !== null ? 'used' : c.disabledAt ? 'disabled' : 'unused';
}

const toCode = (c: CodeRow) => ({ ...c, state: codeState(c) });

export async function listCodes(db: Db, batch: BatchRow, q: PageInput & { code?: string; state?: GiftCodeState }) {
  if (batch.kind !== 'unique') throw badRequest('giftCode.notUnique');
  const c = giftCodes;
  const stateFilter: Record<GiftCodeState, SQL | undefined> = {
    used: isNotNull(c.usedBy),
    disabled: and(isNull(c.usedBy), isNotNull(c.disabledAt)),
    unused: and(isNull(c.usedBy), isNull(c.disabledAt)),
  };
  const page = await paginate(db, {
    from: c,
    filters: [
      eq(c.batchId, batch.id),
      q.code ? sql`${c.code} like ${`${q.code.replace(/[\\%_]/g, (x) => `\\${x}`)}%`}` : undefined,
      q.state ? stateFilter[q.state] : undefined,
    ],
    orderBy: [sql`${c.code}`],
    page: q.page,
    pageSize: q.pageSize,
  });
  return asList(page, toCode);
}

/**
 * Switch off unused codes of a unique batch (the listed ones, or all): a used code stays used, a
 * disabled one is not counted twice. Answers how many were switched off now.
 */
export async function disableCodes(db: Db, batch: BatchRow, codes: string[], all: boolean, now: Date) {
  if (batch.kind !== 'unique') throw badRequest('giftCode.notUnique');
  const c = giftCodes;
  // Counted in the database: a whole batch may be a million codes.
  const result = (await db.execute(sql`with d as (
      update ${c} set disabled_at = ${now}
      where ${c.batchId} = ${batch.id} and ${c.usedBy} is null and ${c.disabledAt} is null
        ${all ? sql`` : sql`and ${c.code} = any(string_to_array(${codes.join(',')}, ','))`}
      returning 1)
    select count(*)::int as n from d`)) as unknown as { rows: { n: number }[] };
  const n = Number(result.rows[0].n);
  if (n > 0)
    await db
      .update(t)
      .set({ disabledCodes: sql`${t.disabledCodes} + ${n}`, updatedAt: now })
      .where(eq(t.id, batch.id));
  return n;
}
