import {
  clawbackKinds,
  deadLetterKindCodes,
  deadLetterStateCodes,
  deliveryStates,
  orderPlatforms,
  orderRefundStates,
  type Reward,
} from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at } from '../../platform/db/columns.js';

/** Where a purchase was made (contracts' list). */
export { orderPlatforms };
export type OrderPlatform = (typeof orderPlatforms)[number];

/**
 * An order's delivery: `verified` (the store said it was paid; delivery not done yet), `delivered`
 * (rewards granted, once), `deadLettered` (delivery failed; waits in the dead-letter queue for an
 * operator's retry or discard), `discarded` (an operator gave up on it, with a reason).
 */
export { deliveryStates };
export type DeliveryState = (typeof deliveryStates)[number];

/** What the store later said of a paid order: refunded, the refund reversed, or access revoked. */
export const refundStates = orderRefundStates;
export type RefundState = (typeof refundStates)[number];

/**
 * One order per store transaction: the same (platform, transaction ID) is one row however many
 * times and from however many instances it is sent (the unique index decides the race). Orders
 * come only from the game API's purchase verification.
 */
export const orders = pgTable(
  'orders',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: bigint({ mode: 'number' }).notNull(),
    platform: text({ enum: orderPlatforms }).notNull(),
    /** Apple's transactionId, Google's orderId (GPA.…), the test validator's transaction ID. */
    transactionId: text().notNull(),
    /** Apple's originalTransactionId; Google's purchase token (what voided purchases name). */
    originalTransactionId: text(),
    /** The store catalogue's product (its `productId`, the store's SKU). */
    productId: text().notNull(),
    /** The price the store charged, in the currency's units (`4.99`), as the store reported it. */
    price: numeric({ precision: 14, scale: 4 }),
    currency: text(),
    environment: text({ enum: ['sandbox', 'production'] }).notNull(),
    /** What the validator found (the store's own fields worth keeping; never a secret or the raw receipt). */
    validation: jsonb().$type<Record<string, unknown>>().notNull(),
    deliveryState: text({ enum: deliveryStates }).notNull(),
    /** What delivery granted (the gift pack's rewards, "first purchase double" applied). */
    rewards: jsonb().$type<Reward[]>(),
    /** When the store says the purchase was made. */
    purchasedAt: at().notNull(),
    createdAt: at().notNull(),
    deliveredAt: at(),
    refundState: text({ enum: refundStates }),
    refundedAt: at(),
  },
  (t) => [
    uniqueIndex('orders_transaction_idx').on(t.platform, t.transactionId),
    index('orders_user_idx').on(t.userId, t.id),
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_product_idx').on(t.productId, t.id),
    index('orders_refunded_idx').on(t.refundedAt, t.id).where(sql`${t.refundState} is not null`),
  ],
);

/** What waits in the dead-letter queue: a failed delivery, or a store notice that could not be processed. */
export const deadLetterKinds = deadLetterKindCodes;
export type DeadLetterKind = (typeof deadLetterKinds)[number];
export const deadLetterStates = deadLetterStateCodes;
export type DeadLetterState = (typeof deadLetterStates)[number];

/**
 * The dead-letter queue (`/purchase/product/dlq`): one row per failure that waits for an operator.
 * A retry that succeeds marks it `retried`; one that fails again keeps it `waiting` with the new
 * reason and one more attempt. A discard needs a reason and is audited.
 */
export const orderDeadLetters = pgTable(
  'order_dead_letters',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    kind: text({ enum: deadLetterKinds }).notNull(),
    orderId: bigint({ mode: 'number' }),
    notificationId: bigint({ mode: 'number' }),
    userId: bigint({ mode: 'number' }),
    /** A coded reason (`playerFrozen`, `playerMissing`, `productWithdrawn`, `invalidState`, `error`…). */
    reason: text().notNull(),
    /** What the operator needs to judge it (the error's message for `error`; no secrets). */
    detail: jsonb().$type<Record<string, unknown>>().notNull(),
    state: text({ enum: deadLetterStates }).notNull(),
    attempts: integer().notNull().default(1),
    createdAt: at().notNull(),
    updatedAt: at().notNull(),
    resolvedBy: text(),
    discardReason: text(),
  },
  (t) => [
    index('order_dead_letters_state_idx').on(t.state, t.id),
    uniqueIndex('order_dead_letters_order_waiting_idx')
      .on(t.orderId)
      .where(sql`${t.state} = 'waiting' and ${t.orderId} is not null`),
  ],
);

/**
 * Store notices received (App Store Server Notifications v2, Google real-time developer
 * notifications), one row per (platform, notification ID): a notice sent again is recognised and
 * not processed twice.
 */
export const storeNotifications = pgTable(
  'store_notifications',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    platform: text({ enum: orderPlatforms }).notNull(),
    /** Apple's notificationUUID; Google's Pub/Sub messageId. */
    notificationId: text().notNull(),
    type: text().notNull(),
    subtype: text(),
    orderId: bigint({ mode: 'number' }),
    /** The verified, decoded notice (signatures checked; nothing secret). */
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    /** `processed`, `ignored` (a type with nothing to do), `deadLettered`. */
    outcome: text().notNull(),
    receivedAt: at().notNull(),
  },
  (t) => [uniqueIndex('store_notifications_id_idx').on(t.platform, t.notificationId)],
);

/** What a refund takes back: what was granted (never below zero; the rest becomes debt), flag the player, or nothing. */
export { clawbackKinds };
export type ClawbackKind = (typeof clawbackKinds)[number];

/** One refund of an order: where it came from, the clawback chosen and what it came to. */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    orderId: bigint({ mode: 'number' }).notNull(),
    userId: bigint({ mode: 'number' }).notNull(),
    /** `store` (a notice or the poll), `console` (an operator). */
    source: text({ enum: ['store', 'console'] }).notNull(),
    clawback: text({ enum: clawbackKinds }).notNull(),
    /** What was taken back, and what could not be (recorded as the player's debt). */
    taken: jsonb().$type<Reward[]>().notNull(),
    debt: jsonb().$type<Reward[]>().notNull(),
    createdAt: at().notNull(),
    createdBy: text(),
  },
  (t) => [uniqueIndex('order_refunds_order_idx').on(t.orderId), index('order_refunds_user_idx').on(t.userId, t.id)],
);

/**
 * What a clawback could not take (the player held less than was granted): the player's debt per
 * resource, shown on the player's page. Raised by refunds, lowered only by an operator.
 */
export const playerDebts = pgTable(
  'player_debts',
  {
    userId: bigint({ mode: 'number' }).notNull(),
    kind: text().notNull(),
    amount: numeric({ precision: 20, scale: 0, mode: 'number' }).notNull(),
    updatedAt: at().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * "Spend N, get rewards": which player was granted which activity's rewards, once (the primary
 * key decides). Written by the delivery whose order took the player's spend in the activity's
 * window to N.
 */
export const orderSpendRewards = pgTable(
  'order_spend_rewards',
  {
    userId: bigint({ mode: 'number' }).notNull(),
    /** The purchase activity's key (its name). */
    activity: text().notNull(),
    /** The delivered order that reached the amount. */
    orderId: bigint({ mode: 'number' }).notNull(),
    rewards: jsonb().$type<Reward[]>().notNull(),
    grantedAt: at().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.activity] })],
);
