import { type PurchaseItem, purchaseItemResource } from '@rookery/contracts';
import { and, count, desc, eq, gte, inArray, isNull, lt, max, min, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { asList, keysetPaginate, paginate } from '../../platform/db/paginate.js';
import { notFound } from '../../platform/http/errors.js';
import { itemDocuments } from '../../platform/resources/items.js';
import { findPlayer } from '../players/service.js';
import type { OrderRow } from './delivery.js';
import { type OrderPlatform, orderDeadLetters, orders } from './tables.js';

/** The order list, a player's orders and payments, the dead-letter queue: what the console reads. */

/** The titles of the IAP items the orders name (one read per page). */
async function titlesOf(db: Db, rows: readonly Pick<OrderRow, 'productId'>[]): Promise<Map<string, string>> {
  const keys = [...new Set(rows.map((r) => r.productId))];
  if (keys.length === 0) return new Map();
  const items = await itemDocuments<PurchaseItem>(db, purchaseItemResource, { keys });
  return new Map(items.map((i) => [String(i.id), i.title]));
}

export const orderView = (row: OrderRow, titles: Map<string, string>) => ({
  id: row.id,
  userId: row.userId,
  platform: row.platform,
  transactionId: row.transactionId,
  productId: row.productId,
  productTitle: titles.get(row.productId) ?? null,
  price: row.price,
  currency: row.currency,
  environment: row.environment,
  deliveryState: row.deliveryState,
  rewards: row.rewards ?? [],
  purchasedAt: row.purchasedAt,
  createdAt: row.createdAt,
  deliveredAt: row.deliveredAt,
  refundState: row.refundState,
  refundedAt: row.refundedAt,
});

export async function orderViews(db: Db, rows: OrderRow[]) {
  const titles = await titlesOf(db, rows);
  return rows.map((r) => orderView(r, titles));
}

/** Delivered, not refunded: what counts as spend (totals, lifetime spend). */
const paid = () => and(eq(orders.deliveryState, 'delivered'), isNull(orders.refundState));

/** Sums by currency of the paid orders among `where` (exact decimals, as text). */
async function totalsBy(db: Db, where: SQL | undefined) {
  const rows = await db
    .select({
      currency: orders.currency,
      amount: sql<string>`coalesce(sum(${orders.price}), 0)::text`,
      orders: count(),
    })
    .from(orders)
    .where(and(where, paid(), sql`${orders.currency} is not null`))
    .groupBy(orders.currency)
    .orderBy(orders.currency);
  return rows.map((r) => ({ currency: r.currency!, amount: trimDecimal(r.amount), orders: r.orders }));
}

/** `12.9900` → `12.99`; `5.0000` → `5`. */
const trimDecimal = (s: string) => (s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s);

export interface OrderListQuery {
  userId?: number;
  orderId?: number;
  transactionId?: string;
  productId?: string;
  platform?: OrderPlatform;
  deliveryState?: OrderRow['deliveryState'];
  refundState?: NonNullable<OrderRow['refundState']>;
  start?: string;
  end?: string;
  cursor?: string;
  pageSize: number;
}

/** `/order/list`: newest first by (created, id), keyset paged; the first page adds the estimate and the totals by currency. */
export async function listOrders(db: Db, q: OrderListQuery) {
  const filters = [
    q.userId === undefined ? undefined : eq(orders.userId, q.userId),
    q.orderId === undefined ? undefined : eq(orders.id, q.orderId),
    q.transactionId === undefined ? undefined : eq(orders.transactionId, q.transactionId),
    q.productId === undefined ? undefined : eq(orders.productId, q.productId),
    q.platform === undefined ? undefined : eq(orders.platform, q.platform),
    q.deliveryState === undefined ? undefined : eq(orders.deliveryState, q.deliveryState),
    q.refundState === undefined ? undefined : eq(orders.refundState, q.refundState),
    q.start === undefined ? undefined : gte(orders.createdAt, new Date(q.start)),
    q.end === undefined ? undefined : lt(orders.createdAt, new Date(q.end)),
  ];
  const first = !q.cursor;
  const page = await keysetPaginate(db, {
    from: orders,
    filters,
    time: orders.createdAt,
    id: orders.id,
    cursor: q.cursor,
    pageSize: q.pageSize,
    total: first,
  });
  return {
    list: await orderViews(db, page.rows),
    nextCursor: page.nextCursor,
    ...(page.total ? { total: page.total } : {}),
    ...(first ? { totals: await totalsBy(db, and(...filters)) } : {}),
  };
}

/** A player's orders, newest first (spec §7's `list, pagination`). */
export async function listPlayerOrders(db: Db, q: { userId: number; page: number; pageSize: number }) {
  const page = await paginate(db, {
    from: orders,
    filters: [eq(orders.userId, q.userId)],
    orderBy: [desc(orders.id)],
    page: q.page,
    pageSize: q.pageSize,
  });
  return asList({ ...page, rows: await orderViews(db, page.rows) });
}

/** `/game-user/payment`: lifetime spend by currency, first and last purchase, the history. 404 for no such player. */
export async function playerPayments(db: Db, q: { userId: number; page: number; pageSize: number }) {
  const player = await findPlayer(db, q.userId);
  if (!player) throw notFound('player.notFound');
  const mine = eq(orders.userId, q.userId);
  const [[span], lifetime, history] = await Promise.all([
    db
      .select({ first: min(orders.purchasedAt), last: max(orders.purchasedAt), orders: count() })
      .from(orders)
      .where(and(mine, paid())),
    totalsBy(db, mine),
    listPlayerOrders(db, q),
  ]);
  return {
    userId: q.userId,
    isPayer: player.isPayer,
    lifetime,
    orders: span.orders,
    firstPurchaseAt: span.first,
    lastPurchaseAt: span.last,
    history,
  };
}

// ---- The dead-letter queue

export type DeadLetterRow = typeof orderDeadLetters.$inferSelect;

/** A dead letter's facts as labelled text (the screen shows names and values, never JSON). */
const detailList = (detail: Record<string, unknown>) =>
  Object.entries(detail).map(([name, value]) => ({
    name,
    value: typeof value === 'string' ? value : JSON.stringify(value),
  }));

export async function deadLetterViews(db: Db, rows: DeadLetterRow[]) {
  const ids = rows.map((r) => r.orderId).filter((id): id is number => id !== null);
  const orderRows = ids.length ? await db.select().from(orders).where(inArray(orders.id, ids)) : [];
  const byId = new Map((await orderViews(db, orderRows)).map((o) => [o.id, o]));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    orderId: r.orderId,
    userId: r.userId,
    reason: r.reason as never,
    detail: detailList(r.detail),
    state: r.state,
    attempts: r.attempts,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    resolvedBy: r.resolvedBy,
    discardReason: r.discardReason,
    order: (r.orderId !== null && byId.get(r.orderId)) || null,
  }));
}

export async function listDeadLetters(
  db: Db,
  q: {
    state?: DeadLetterRow['state'];
    kind?: DeadLetterRow['kind'];
    reason?: string;
    userId?: number;
    cursor?: string;
    pageSize: number;
  },
) {
  const page = await keysetPaginate(db, {
    from: orderDeadLetters,
    filters: [
      q.state === undefined ? undefined : eq(orderDeadLetters.state, q.state),
      q.kind === undefined ? undefined : eq(orderDeadLetters.kind, q.kind),
      q.reason === undefined ? undefined : eq(orderDeadLetters.reason, q.reason),
      q.userId === undefined ? undefined : eq(orderDeadLetters.userId, q.userId),
    ],
    time: orderDeadLetters.createdAt,
    id: orderDeadLetters.id,
    cursor: q.cursor,
    pageSize: q.pageSize,
    total: !q.cursor,
  });
  return {
    list: await deadLetterViews(db, page.rows),
    nextCursor: page.nextCursor,
    ...(page.total ? { total: page.total } : {}),
  };
}
