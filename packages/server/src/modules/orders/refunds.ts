import { auditTarget, type Reward } from '@rookery/contracts';
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { AuditEntry } from '../../platform/http/audit.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { recordPlayerEvent } from '../players/service.js';
import { flagPlayerForRefund, takeBackResources } from '../players/take-back.js';
import {
  type ClawbackKind,
  type OrderPlatform,
  orderRefunds,
  orders,
  playerDebts,
  type RefundState,
} from './tables.js';

/**
 * Refunds: what the store said (refunded, revoked, the refund reversed) marks the order once, and
 * a first refund of an order answers it on the player's side with a clawback — take back what
 * delivery granted (never below zero: the rest becomes the player's debt), flag the player, or
 * nothing — recorded in `order_refunds` (one per order), the player's event log and the audit.
 * Everything in the caller's transaction.
 */

/** Why a store notice named an order the server does not have (it goes to the dead-letter queue). */
export class OrderMissing extends Error {
  constructor(readonly key: Record<string, unknown>) {
    super('orderMissing');
  }
}

export type OrderRow = typeof orders.$inferSelect;
export type RefundRow = typeof orderRefunds.$inferSelect;

/** The order a store names: by its transaction ID, else (Google) by its purchase token. */
export async function findStoreOrder(
  db: Db,
  platform: OrderPlatform,
  key: { transactionId?: string | null; originalTransactionId?: string | null },
): Promise<OrderRow | undefined> {
  if (key.transactionId) {
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.platform, platform), eq(orders.transactionId, key.transactionId)));
    if (row) return row;
  }
  if (key.originalTransactionId && platform === 'google') {
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.platform, platform), eq(orders.originalTransactionId, key.originalTransactionId)))
      .orderBy(orders.id)
      .limit(1);
    if (row) return row;
  }
  return undefined;
}

/** Raise the player's debt by what a clawback could not take. */
async function addDebt(db: Db, userId: number, items: readonly Reward[], now: Date) {
  for (const item of items)
    await db
      .insert(playerDebts)
      .values({ userId, kind: item.kind, amount: item.amount, updatedAt: now })
      .onConflictDoUpdate({
        target: [playerDebts.userId, playerDebts.kind],
        set: { amount: sql`${playerDebts.amount} + excluded.amount`, updatedAt: now },
      });
}

interface ClawbackResult {
  taken: Reward[];
  debt: Reward[];
}

/** Apply one clawback to the refunded order's player; the player event and audit rows say what it came to. */
async function applyClawback(
  db: Db,
  order: OrderRow,
  refundId: number,
  clawback: ClawbackKind,
  now: Date,
  actor: string | null,
  audit: AuditEntry[],
): Promise<ClawbackResult> {
  let result: ClawbackResult = { taken: [], debt: [] };
  if (clawback === 'takeBack') {
    // Only what delivery granted (an order never delivered granted nothing).
    const granted = order.deliveryState === 'delivered' ? (order.rewards ?? []) : [];
    if (granted.length > 0) {
      const { taken, shortfall } = await takeBackResources(
        db,
        order.userId,
        granted,
        { type: 'refund', id: order.id },
        now,
      );
      await addDebt(db, order.userId, shortfall, now);
      result = { taken, debt: shortfall };
    }
  } else if (clawback === 'flag') {
    await flagPlayerForRefund(db, order.userId, { orderId: order.id, refundId, productId: order.productId }, now);
  }
  const detail = { orderId: order.id, refundId, clawback, ...result };
  await recordPlayerEvent(db, order.userId, 'refundClawback', detail, now, actor);
  audit.push({ action: 'refundClawback', target: auditTarget('player', order.userId), after: detail });
  return result;
}

export interface StoreRefundInput {
  order: OrderRow;
  state: RefundState;
  /** When the store says it happened. */
  at: Date;
  source: 'store' | 'console';
  clawback: ClawbackKind;
  actor?: string | null;
  /** What the store said (notification ID, reason), kept in the audit. */
  detail?: Record<string, unknown>;
}

/**
 * Mark the order with what the store said, once: a refund or revocation of an order not yet
 * refunded records the refund and applies the clawback; the same again changes nothing; a
 * reversal marks a refunded order `reversed` (what was taken back stays taken: an operator
 * decides, the debt stays visible). Answers whether anything changed, and the audit entries.
 */
export async function recordStoreRefund(
  db: Db,
  input: StoreRefundInput,
  now: Date,
): Promise<{ changed: boolean; refund?: RefundRow; audit: AuditEntry[] }> {
  const audit: AuditEntry[] = [];
  const [order] = await db.select().from(orders).where(eq(orders.id, input.order.id)).for('update');
  if (!order) throw new OrderMissing({ orderId: input.order.id });
  const refunded = order.refundState === 'refunded' || order.refundState === 'revoked';
  if (input.state === 'reversed') {
    if (!refunded) return { changed: false, audit };
    await db.update(orders).set({ refundState: 'reversed' }).where(eq(orders.id, order.id));
    audit.push({
      action: 'storeRefund',
      target: auditTarget('order', order.id),
      before: { refundState: order.refundState },
      after: { refundState: 'reversed', ...input.detail },
    });
    return { changed: true, audit };
  }
  if (refunded) return { changed: false, audit };
  await db.update(orders).set({ refundState: input.state, refundedAt: input.at }).where(eq(orders.id, order.id));
  audit.push({
    action: 'storeRefund',
    target: auditTarget('order', order.id),
    before: { refundState: order.refundState },
    after: { refundState: input.state, refundedAt: input.at, ...input.detail },
  });
  // One refund row per order: a refund after a reversal marks the order again, but what was
  // taken back (or flagged) is not applied a second time.
  const [refund] = await db
    .insert(orderRefunds)
    .values({
      orderId: order.id,
      userId: order.userId,
      source: input.source,
      clawback: input.clawback,
      taken: [],
      debt: [],
      createdAt: now,
      createdBy: input.actor ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (!refund) return { changed: true, audit };
  const result = await applyClawback(db, order, refund.id, input.clawback, now, input.actor ?? null, audit);
  const [saved] = await db
    .update(orderRefunds)
    .set({ taken: result.taken, debt: result.debt })
    .where(eq(orderRefunds.id, refund.id))
    .returning();
  return { changed: true, refund: saved, audit };
}

/**
 * An operator applies another clawback to a refund recorded with a milder one: `flag` after
 * `none`, `takeBack` after `none` or `flag`. Resources are taken at most once per refund.
 */
export async function applyRefundClawback(
  db: Db,
  refundId: number,
  clawback: 'takeBack' | 'flag',
  actor: string,
  now: Date,
): Promise<{ refund: RefundRow; audit: AuditEntry[] }> {
  const [refund] = await db.select().from(orderRefunds).where(eq(orderRefunds.id, refundId)).for('update');
  if (!refund) throw notFound('refund.notFound');
  if (refund.clawback === 'takeBack') throw new AppError(409, 'refund.alreadyTakenBack');
  if (refund.clawback === 'flag' && clawback === 'flag') throw new AppError(409, 'refund.alreadyFlagged');
  const [order] = await db.select().from(orders).where(eq(orders.id, refund.orderId)).for('update');
  if (!order) throw notFound('refund.notFound');
  if (order.refundState === 'reversed') throw new AppError(409, 'refund.reversed');
  const audit: AuditEntry[] = [];
  const result = await applyClawback(db, order, refund.id, clawback, now, actor, audit);
  const [saved] = await db
    .update(orderRefunds)
    .set({ clawback, taken: result.taken, debt: result.debt })
    .where(eq(orderRefunds.id, refund.id))
    .returning();
  audit.unshift({
    action: 'applyRefundClawback',
    target: auditTarget('orderRefund', refund.id),
    before: { clawback: refund.clawback },
    after: { clawback, taken: result.taken, debt: result.debt },
  });
  return { refund: saved, audit };
}

// ---- Reads of the refund screens.

const refundColumns = {
  id: orderRefunds.id,
  orderId: orderRefunds.orderId,
  userId: orderRefunds.userId,
  platform: orders.platform,
  transactionId: orders.transactionId,
  productId: orders.productId,
  price: orders.price,
  currency: orders.currency,
  refundState: orders.refundState,
  refundedAt: orders.refundedAt,
  source: orderRefunds.source,
  clawback: orderRefunds.clawback,
  granted: sql<
    Reward[]
  >`case when ${orders.deliveryState} = 'delivered' then coalesce(${orders.rewards}, '[]'::jsonb) else '[]'::jsonb end`,
  taken: orderRefunds.taken,
  debt: orderRefunds.debt,
  createdAt: orderRefunds.createdAt,
  createdBy: orderRefunds.createdBy,
};

const withPrice = <R extends { price: string | null }>(r: R): R => ({
  ...r,
  price: r.price === null ? null : trimAmount(r.price),
});

export async function refundById(db: Db, id: number) {
  const [row] = await db
    .select(refundColumns)
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(eq(orderRefunds.id, id));
  if (!row) throw notFound('refund.notFound');
  return withPrice(row);
}

export interface RefundQuery {
  page: number;
  pageSize: number;
  id?: number;
  userId?: number;
  orderId?: number;
  platform?: OrderPlatform;
  clawback?: ClawbackKind;
  start?: string;
  end?: string;
}

export async function listRefunds(db: Db, q: RefundQuery) {
  const filters: (SQL | undefined)[] = [
    q.id ? eq(orderRefunds.id, q.id) : undefined,
    q.userId ? eq(orderRefunds.userId, q.userId) : undefined,
    q.orderId ? eq(orderRefunds.orderId, q.orderId) : undefined,
    q.platform ? eq(orders.platform, q.platform) : undefined,
    q.clawback ? eq(orderRefunds.clawback, q.clawback) : undefined,
    q.start ? gte(orderRefunds.createdAt, new Date(q.start)) : undefined,
    q.end ? lt(orderRefunds.createdAt, new Date(q.end)) : undefined,
  ];
  const where = and(...filters);
  const offset = (q.page - 1) * q.pageSize;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(refundColumns)
      .from(orderRefunds)
      .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
      .where(where)
      .orderBy(desc(orderRefunds.createdAt), desc(orderRefunds.id))
      .limit(q.pageSize)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(orderRefunds)
      .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
      .where(where),
  ]);
  return { list: rows.map(withPrice), pagination: { page: q.page, pageSize: q.pageSize, total } };
}

/** A player's debts (what clawbacks could not take), largest first. */
export async function debtsOf(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return new Map<number, { kind: string; amount: number; updatedAt: Date }[]>();
  const rows = await db
    .select()
    .from(playerDebts)
    .where(and(sql`${playerDebts.userId} = any(${sql.param([...userIds])}::bigint[])`, sql`${playerDebts.amount} > 0`))
    .orderBy(desc(playerDebts.amount));
  const out = new Map<number, { kind: string; amount: number; updatedAt: Date }[]>();
  for (const r of rows) {
    const list = out.get(r.userId) ?? [];
    list.push({ kind: r.kind, amount: Number(r.amount), updatedAt: r.updatedAt });
    out.set(r.userId, list);
  }
  return out;
}

/** Players with refunds, the latest first: counts, amounts by currency, debts. */
export async function listRefundPlayers(db: Db, q: { page: number; pageSize: number; userId?: number }) {
  const where = q.userId ? eq(orderRefunds.userId, q.userId) : undefined;
  const offset = (q.page - 1) * q.pageSize;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        userId: orderRefunds.userId,
        refunds: sql<number>`count(*)::int`,
        lastRefundAt: sql<Date>`max(${orderRefunds.createdAt})`.mapWith(orderRefunds.createdAt),
      })
      .from(orderRefunds)
      .where(where)
      .groupBy(orderRefunds.userId)
      .orderBy(sql`max(${orderRefunds.createdAt}) desc`, desc(orderRefunds.userId))
      .limit(q.pageSize)
      .offset(offset),
    db
      .select({ total: sql<number>`count(distinct ${orderRefunds.userId})::int` })
      .from(orderRefunds)
      .where(where),
  ]);
  const ids = rows.map((r) => r.userId);
  const amounts = new Map<number, { currency: string; amount: string }[]>();
  if (ids.length > 0) {
    const sums = await db
      .select({
        userId: orderRefunds.userId,
        currency: orders.currency,
        amount: sql<string>`sum(${orders.price})::text`,
      })
      .from(orderRefunds)
      .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
      .where(and(sql`${orderRefunds.userId} = any(${sql.param(ids)}::bigint[])`, sql`${orders.currency} is not null`))
      .groupBy(orderRefunds.userId, orders.currency)
      .orderBy(orders.currency);
    for (const s of sums) {
      const list = amounts.get(s.userId) ?? [];
      list.push({ currency: s.currency ?? '', amount: trimAmount(s.amount) });
      amounts.set(s.userId, list);
    }
  }
  const debts = await debtsOf(db, ids);
  return {
    list: rows.map((r) => ({ ...r, amounts: amounts.get(r.userId) ?? [], debts: debts.get(r.userId) ?? [] })),
    pagination: { page: q.page, pageSize: q.pageSize, total },
  };
}

/** "4.9900" → "4.99". */
const trimAmount = (s: string | null) => (s ?? '0').replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
