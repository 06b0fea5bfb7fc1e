import {
  type DeadLetterReason,
  type PurchaseActivity,
  type PurchaseItem,
  type PurchaseMail,
  purchaseActivityResource,
  purchaseItemResource,
  purchaseMailResource,
  type Reward,
} from '@rookery/contracts';
import { and, eq, gte, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { resourceItems } from '../../platform/resources/tables.js';
import { createMail } from '../mail/mails.js';
import { applyRewards, isFrozen, lockPlayerStanding, markPayer, recordPlayerEvent } from '../players/service.js';
import { purchaseCountKey, purchaseCountsOf, recordPurchase } from '../store/service.js';
import { orderDeadLetters, orderSpendRewards, orders } from './tables.js';

/**
 * Delivery of a verified order, exactly once: the rewards (the IAP item's, doubled on a first
 * purchase during "first purchase double"), the purchase mail, the store's purchase count, the
 * payer flag, the "spend N, get rewards" grants and the order's state change commit together or
 * not at all. The order row is locked first, so two deliveries of one order (two instances, a
 * retry racing the game) queue, and the second finds it delivered. A delivery that fails leaves
 * the order in the dead-letter queue with its reason.
 */

export type OrderRow = typeof orders.$inferSelect;

/** Why a delivery could not be made: the dead letter's reason and what the operator needs to judge it. */
export class DeliveryFailed extends Error {
  constructor(
    readonly reason: DeadLetterReason,
    readonly detail: Record<string, unknown> = {},
  ) {
    super(reason);
  }
}

export interface DeliveryResult {
  order: OrderRow;
  /** Delivered by this call. */
  delivered: boolean;
  /** Not delivered: why. */
  reason: DeadLetterReason | null;
  /** The player's save count after the rewards (null: none granted directly). */
  saveCount: number | null;
  /** The rewards went in the purchase mail. */
  mailed: boolean;
}

const DAY_MS = 86_400_000;

/** What a product's delivery knows when another area takes part in it. */
export interface ProductDeliveryContext {
  orderId: number;
  userId: number;
  /** The order's product (the IAP item's ID as the store knows it). */
  productId: string;
  now: Date;
}

/**
 * Another area's part in the purchase of a product it sells through the catalogue (the battle
 * pass's premium track, a piggy bank): `onVerified` runs when the order is first stored (the
 * purchase call, before delivery: snapshot what the order buys); `onDeliver` runs in the
 * delivery's transaction, once per order (the order row is locked and delivered with it), and
 * may answer the rewards to grant instead of the item's (a piggy bank's content), or `undefined`
 * to keep them. A `DeliveryFailed` it throws dead-letters the order like any other.
 *
 * Most products concern no area, so each step may say in SQL whether it has anything to do:
 * `verifies` (the product named) is read by the statement that stores the order, `delivers` (the
 * order's ID and product) by the one that locks it for delivery; a step whose condition is false
 * is not run, and one without a condition always runs. A condition must be true whenever its
 * step would change anything.
 */
export interface ProductDelivery {
  verifies?(productId: SQL): SQL;
  onVerified?(db: Db, ctx: ProductDeliveryContext): Promise<void>;
  delivers?(order: { id: SQL; productId: SQL }): SQL;
  onDeliver(
    db: Db,
    ctx: ProductDeliveryContext & { item: PurchaseItem; rewards: Reward[] },
  ): Promise<Reward[] | undefined>;
}

const productDeliveries = new Map<string, ProductDelivery>();

/** Register an area's part in deliveries under its name (again: replaced, never run twice). */
export function registerProductDelivery(name: string, delivery: ProductDelivery) {
  productDeliveries.set(name, delivery);
}

/** Which steps are due, by area name: a JSON object of the steps' conditions (`{}` with none). */
export type DueSteps = Record<string, boolean>;
function dueSql(condition: (d: ProductDelivery) => SQL | undefined): SQL<DueSteps> {
  const parts = [...productDeliveries].flatMap(([name, d]) => {
    const c = condition(d);
    return c ? [sql`${name}::text, ${c}`] : [];
  });
  return parts.length > 0 ? sql`json_build_object(${sql.join(parts, sql`, `)})` : sql`'{}'::json`;
}

/** The `onVerified` conditions of a product, as a value of the statement that stores its order. */
export const verifiedDue = (productId: SQL) => dueSql((d) => d.verifies?.(productId));

/** The `onVerified` steps of a newly stored order (those whose condition, when read, was not false). */
export async function productVerified(db: Db, ctx: ProductDeliveryContext, due: DueSteps = {}) {
  for (const [name, d] of productDeliveries) if (d.onVerified && due[name] !== false) await d.onVerified(db, ctx);
}

/** A resource item's window holds `now` (no bounds: always). */
const inWindow = (row: { effectiveAt: Date | null; expireAt: Date | null }, now: Date) =>
  (!row.effectiveAt || row.effectiveAt <= now) && (!row.expireAt || row.expireAt > now);

const lockOrder = async (db: Db, orderId: number) => {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw notFound('order.notFound');
  return order;
};

/** The rewards `rewards` × 2. */
const doubled = (rewards: readonly Reward[]): Reward[] => rewards.map((r) => ({ ...r, amount: r.amount * 2 }));

/** A catalogue row a delivery reads: the item, the purchase activities, the item's purchase mail. */
interface CatalogueRow {
  kind: string;
  key: string;
  document: unknown;
  effectiveAt: Date | null;
  expireAt: Date | null;
}

/**
 * The order locked, with what its delivery reads of the catalogue (the item, the purchase
 * activities — a handful — and the item's purchase mail) in the same statement.
 */
async function lockOrderForDelivery(db: Db, orderId: number) {
  const [found] = await db
    .select({
      order: orders,
      due: dueSql((d) => d.delivers?.({ id: sql`${orders.id}`, productId: sql`${orders.productId}` })),
      catalogue: sql<CatalogueRow[] | null>`(
        select json_agg(json_build_object('kind', ${resourceItems.kind}, 'key', ${resourceItems.key},
          'document', ${resourceItems.document}, 'effectiveAt', ${resourceItems.effectiveAt},
          'expireAt', ${resourceItems.expireAt}))
        from ${resourceItems}
        where (${resourceItems.kind} = ${purchaseItemResource.name} and ${resourceItems.key} = ${orders.productId})
          or ${resourceItems.kind} = ${purchaseActivityResource.name}
          or (${resourceItems.kind} = ${purchaseMailResource.name} and ${resourceItems.document} @> jsonb_build_object(
            'purchaseId', case when ${orders.productId} ~ '^[0-9]{1,9}$' then ${orders.productId}::int else 0 end)))`,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (!found) throw notFound('order.notFound');
  const catalogue = (found.catalogue ?? []).map((r) => ({
    ...r,
    effectiveAt: r.effectiveAt ? new Date(r.effectiveAt) : null,
    expireAt: r.expireAt ? new Date(r.expireAt) : null,
  }));
  const due = (typeof found.due === 'string' ? JSON.parse(found.due) : found.due) as DueSteps;
  return { order: found.order, catalogue, due };
}

async function deliverIn(db: Db, orderId: number, now: Date): Promise<DeliveryResult> {
  const { order, catalogue, due } = await lockOrderForDelivery(db, orderId);
  if (order.deliveryState === 'delivered' || order.deliveryState === 'discarded')
    return { order, delivered: false, reason: null, saveCount: null, mailed: false };
  // The store took the money back (a notice came while the delivery waited): nothing to deliver.
  if (order.refundState === 'refunded' || order.refundState === 'revoked')
    throw new DeliveryFailed('invalidState', { refundState: order.refundState });
  const userId = order.userId;
  const player = await lockPlayerStanding(db, userId);
  if (!player) throw new DeliveryFailed('playerMissing', { userId });
  if (isFrozen(player, now))
    throw new DeliveryFailed('playerFrozen', {
      userId,
      frozenReason: player.frozenReason ?? '',
      frozenUntil: player.frozenUntil?.toISOString() ?? '',
    });
  const itemRow = catalogue.find((r) => r.kind === purchaseItemResource.name);
  if (!itemRow) throw new DeliveryFailed('productWithdrawn', { productId: order.productId, why: 'deleted' });
  if (!inWindow(itemRow, now))
    throw new DeliveryFailed('productWithdrawn', {
      productId: order.productId,
      why: 'outsideWindow',
      effectiveAt: itemRow.effectiveAt?.toISOString() ?? '',
      expireAt: itemRow.expireAt?.toISOString() ?? '',
    });
  const item = itemRow.document as PurchaseItem;
  const countKey = purchaseCountKey('purchaseItem', item.id);

  // Purchase activities running now.
  const activities = catalogue.filter((a) => a.kind === purchaseActivityResource.name && inWindow(a, now));
  const doubling =
    !item.isGiftPack &&
    activities.some((a) => {
      const doc = a.document as PurchaseActivity;
      return doc.kind === 'firstPurchaseDouble' && (doc.purchaseIds.length === 0 || doc.purchaseIds.includes(item.id));
    });
  const double = doubling && ((await purchaseCountsOf(db, userId))[countKey] ?? 0) === 0;
  let rewards = double ? doubled(item.rewards) : [...item.rewards];
  // The areas that sell through this product (battle-pass premium, piggy bank) take their part.
  for (const [name, d] of productDeliveries)
    if (due[name] !== false)
      rewards = (await d.onDeliver(db, { orderId, userId, productId: order.productId, item, rewards, now })) ?? rewards;

  // The purchase mail: a notice, or the rewards themselves when it carries them.
  const mail = catalogue.find((r) => r.kind === purchaseMailResource.name)?.document as PurchaseMail | undefined;
  const mailed = !!mail?.attachRewards;
  if (mail)
    await createMail(
      db,
      {
        mailScope: 'personal',
        title: {},
        content: {},
        mailTemplateId: mail.template,
        reward: mailed ? rewards : [],
        conditions: [],
        expireAt: new Date(now.getTime() + mail.expireDays * DAY_MS).toISOString(),
        iapId: String(item.id),
        userIdInput: String(userId),
      } as Parameters<typeof createMail>[1],
      null,
      'en-US',
      now,
    );
  const saveCount = mailed
    ? null
    : (await applyRewards(db, userId, rewards, { type: 'purchase', id: orderId }, now)).saveCount;
  await recordPurchase(db, userId, countKey, now);
  if (!player.isPayer) await markPayer(db, userId);
  // The rewards' own event names the order (`apply_rewards`); mailed rewards get one of their own.
  if (mailed)
    await recordPlayerEvent(db, userId, 'purchase', { orderId, productId: order.productId, rewards, mailed }, now);
  const [delivered] = await db
    .update(orders)
    .set({ deliveryState: 'delivered', rewards, deliveredAt: now })
    .where(eq(orders.id, orderId))
    .returning();
  if (order.deliveryState === 'deadLettered')
    await db
      .update(orderDeadLetters)
      .set({ state: 'retried', updatedAt: now })
      .where(and(eq(orderDeadLetters.orderId, orderId), eq(orderDeadLetters.state, 'waiting')));

  // "Spend N, get rewards": once the delivered spend in the window reaches N, once per player and activity.
  let finalSaveCount = saveCount;
  for (const a of activities) {
    const doc = a.document as PurchaseActivity;
    if (doc.kind !== 'spendReward' || !doc.spend || doc.rewards.length === 0) continue;
    if (order.currency !== doc.spend.currency) continue;
    const [{ spent }] = await db
      .select({ spent: sql<string>`coalesce(sum(${orders.price}), 0)` })
      .from(orders)
      .where(
        and(
          eq(orders.userId, userId),
          eq(orders.deliveryState, 'delivered'),
          isNull(orders.refundState),
          eq(orders.currency, doc.spend.currency),
          a.effectiveAt ? gte(orders.purchasedAt, a.effectiveAt) : undefined,
          a.expireAt ? lt(orders.purchasedAt, a.expireAt) : undefined,
        ),
      );
    if (Number(spent) < doc.spend.amount) continue;
    const granted = await db
      .insert(orderSpendRewards)
      .values({ userId, activity: a.key, orderId, rewards: doc.rewards, grantedAt: now })
      .onConflictDoNothing()
      .returning({ userId: orderSpendRewards.userId });
    if (granted.length === 0) continue;
    finalSaveCount = (await applyRewards(db, userId, doc.rewards, { type: 'spendReward', id: a.key }, now)).saveCount;
  }
  return { order: delivered, delivered: true, reason: null, saveCount: finalSaveCount, mailed };
}

/** Put the order in the dead-letter queue (or count one more attempt of its waiting letter). */
async function deadLetter(
  db: Db,
  orderId: number,
  reason: DeadLetterReason,
  detail: Record<string, unknown>,
  now: Date,
): Promise<DeliveryResult> {
  const order = await lockOrder(db, orderId);
  // Delivered (or given up) meanwhile by another caller: nothing to queue.
  if (order.deliveryState === 'delivered' || order.deliveryState === 'discarded')
    return { order, delivered: false, reason: null, saveCount: null, mailed: false };
  const [updated] = await db
    .update(orders)
    .set({ deliveryState: 'deadLettered' })
    .where(eq(orders.id, orderId))
    .returning();
  const [waiting] = await db
    .select({ id: orderDeadLetters.id })
    .from(orderDeadLetters)
    .where(and(eq(orderDeadLetters.orderId, orderId), eq(orderDeadLetters.state, 'waiting')));
  if (waiting)
    await db
      .update(orderDeadLetters)
      .set({ reason, detail, attempts: sql`${orderDeadLetters.attempts} + 1`, updatedAt: now })
      .where(eq(orderDeadLetters.id, waiting.id));
  else
    await db.insert(orderDeadLetters).values({
      kind: 'delivery',
      orderId,
      userId: order.userId,
      reason,
      detail,
      state: 'waiting',
      attempts: 1,
      createdAt: now,
      updatedAt: now,
    });
  return { order: updated, delivered: false, reason, saveCount: null, mailed: false };
}

/**
 * Deliver the order `orderId` (one transaction; a savepoint inside the caller's): exactly once —
 * an order delivered before answers `delivered: false` and changes nothing. A failure rolls the
 * delivery back and puts the order in the dead-letter queue with its reason (a coded one, or
 * `error` with the error's message). 404 `order.notFound` for no such order.
 */
export async function deliverOrder(db: Db, orderId: number, now: Date): Promise<DeliveryResult> {
  try {
    return await db.transaction((tx) => deliverIn(tx, orderId, now));
  } catch (e) {
    if (e instanceof AppError && e.key === 'order.notFound') throw e;
    const failed =
      e instanceof DeliveryFailed
        ? e
        : new DeliveryFailed('error', { message: String((e as Error)?.message ?? e).slice(0, 500) });
    return db.transaction((tx) => deadLetter(tx, orderId, failed.reason, failed.detail, now));
  }
}

/** Of these orders, the ones whose waiting dead letter names a reason (the order list shows it). */
export async function waitingReasons(db: Db, orderIds: number[]): Promise<Map<number, DeadLetterReason>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: orderDeadLetters.orderId, reason: orderDeadLetters.reason })
    .from(orderDeadLetters)
    .where(and(inArray(orderDeadLetters.orderId, orderIds), eq(orderDeadLetters.state, 'waiting')));
  return new Map(rows.map((r) => [r.orderId!, r.reason as DeadLetterReason]));
}
