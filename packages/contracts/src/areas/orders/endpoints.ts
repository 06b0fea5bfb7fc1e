import { z } from 'zod';
import { zhEn } from '../../bilingual.js';
import { endpoint, endpointTable } from '../../endpoint.js';
import { codedValues } from '../../enums.js';
import {
  blankToUndefined,
  idParams,
  isoDate,
  isoDateTime,
  optionalEnum,
  optionalIsoDate,
  optionalPlayerUserId,
  playerUserId,
  rowId,
} from '../../fields.js';
import { pagedList, pageQuery, pageSizeQuery } from '../../http.js';
import { optionalText, text } from '../../text.js';
import { rewardView } from '../mail/endpoints.js';

/**
 * Orders (issue 42): the game's purchases as the console reads them (the order list with totals
 * by currency, a player's orders and payments), the re-delivery of an undelivered order, and the
 * dead-letter queue of failed deliveries.
 */

/** Where a purchase was made: the two stores, and the test validator (development and tests). */
export const { codes: orderPlatforms, labels: orderPlatformLabels } = codedValues({
  apple: zhEn('App Store', 'App Store'),
  google: zhEn('Google Play', 'Google Play'),
  test: zhEn('测试收据', 'Test receipts'),
});
export type OrderPlatformCode = (typeof orderPlatforms)[number];

/** An order's delivery (spec §4: a gift order is delivered or undelivered; the last three are undelivered). */
export const { codes: deliveryStates, labels: deliveryStateLabels } = codedValues({
  delivered: zhEn('已发货', 'Delivered'),
  verified: zhEn('未发货（待发货）', 'Undelivered (pending)'),
  deadLettered: zhEn('未发货（发货失败）', 'Undelivered (failed)'),
  discarded: zhEn('未发货（已放弃）', 'Undelivered (discarded)'),
});

export const { codes: orderRefundStates, labels: orderRefundStateLabels } = codedValues({
  refunded: zhEn('已退款', 'Refunded'),
  reversed: zhEn('退款已撤销', 'Refund reversed'),
  revoked: zhEn('已撤销授权', 'Revoked'),
});

export const { codes: orderEnvironments, labels: orderEnvironmentLabels } = codedValues({
  production: zhEn('正式', 'Production'),
  sandbox: zhEn('沙盒', 'Sandbox'),
});

/** Why a delivery waits in the dead-letter queue. */
export const { codes: deadLetterReasons, labels: deadLetterReasonLabels } = codedValues({
  playerFrozen: zhEn('玩家已冻结', 'Player frozen'),
  playerMissing: zhEn('玩家不存在', 'Player missing'),
  productWithdrawn: zhEn('商品已下架', 'Product withdrawn'),
  invalidState: zhEn('订单状态不允许发货', 'Order state does not allow delivery'),
  notification: zhEn('商店通知无法处理', 'Store notice could not be processed'),
  orderMissing: zhEn('商店通知找不到订单', 'No order for the store notice'),
  error: zhEn('发货出错', 'Delivery error'),
});
export type DeadLetterReason = (typeof deadLetterReasons)[number];

export const { codes: deadLetterKindCodes, labels: deadLetterKindLabels } = codedValues({
  delivery: zhEn('发货', 'Delivery'),
  notification: zhEn('商店通知', 'Store notice'),
});
export const { codes: deadLetterStateCodes, labels: deadLetterStateLabels } = codedValues({
  waiting: zhEn('待处理', 'Waiting'),
  retried: zhEn('已重试成功', 'Retried'),
  discarded: zhEn('已丢弃', 'Discarded'),
});

/** One order as the console shows it (never the raw receipt). */
export const orderSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  platform: z.enum(orderPlatforms),
  transactionId: z.string(),
  /** The IAP item's ID in the store catalogue. */
  productId: z.string(),
  /** The item's title when it is still in the catalogue. */
  productTitle: z.string().nullable(),
  /** The amount as the store reported it (`4.99`); null when the store named none. */
  price: z.string().nullable(),
  currency: z.string().nullable(),
  environment: z.enum(orderEnvironments),
  deliveryState: z.enum(deliveryStates),
  rewards: z.array(rewardView),
  purchasedAt: isoDate,
  createdAt: isoDate,
  deliveredAt: optionalIsoDate,
  refundState: z.enum(orderRefundStates).nullable(),
  refundedAt: optionalIsoDate,
});
export type OrderView = z.input<typeof orderSchema>;

/** What a currency adds up to over the orders a filter matches (delivered, not refunded). */
export const currencyTotalSchema = z.object({
  currency: z.string(),
  /** The sum as a decimal string (exact). */
  amount: z.string(),
  orders: z.number().int(),
});

export const orderListQuery = z
  .object({
    userId: optionalPlayerUserId,
    /** The order's own ID. */
    orderId: z.preprocess(blankToUndefined, rowId.optional()),
    /** The store's transaction or order ID (exact). */
    transactionId: optionalText(200),
    productId: optionalText(200),
    platform: optionalEnum(orderPlatforms, 'order.platform'),
    deliveryState: optionalEnum(deliveryStates),
    refundState: optionalEnum(orderRefundStates),
    cursor: optionalText(200),
    pageSize: pageSizeQuery(),
    start: z.preprocess(blankToUndefined, isoDateTime.optional()),
    end: z.preprocess(blankToUndefined, isoDateTime.optional()),
  })
  .refine((q) => !q.start || !q.end || Date.parse(q.end) > Date.parse(q.start), {
    error: 'order.range',
    path: ['end'],
  });

export const deadLetterSchema = z.object({
  id: z.number().int(),
  kind: z.enum(deadLetterKindCodes),
  orderId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  reason: z.enum(deadLetterReasons),
  /** What the operator needs to judge it, as labelled facts (no secrets, no raw receipt). */
  detail: z.array(z.object({ name: z.string(), value: z.string() })),
  state: z.enum(deadLetterStateCodes),
  attempts: z.number().int(),
  createdAt: isoDate,
  updatedAt: isoDate,
  resolvedBy: z.string().nullable(),
  discardReason: z.string().nullable(),
  order: orderSchema.nullable(),
});
export type DeadLetterView = z.input<typeof deadLetterSchema>;

/** What a delivery attempt came to. */
export const deliveryOutcomeSchema = z.object({
  /** The order (null: a store notice's letter whose order is still missing). */
  order: orderSchema.nullable(),
  /** Delivered by this call (false: delivered before, or failed again). */
  delivered: z.boolean(),
  /** Failed: why (it waits in the dead-letter queue). */
  reason: z.enum(deadLetterReasons).nullable(),
});

const deadLetterReads = [
  'listDeadLetters',
  'getDeadLetter',
  'listOrders',
  'listPlayerOrders',
  'getPlayerPayments',
] as const;

export const orderEndpoints = /*#__PURE__*/ endpointTable({
  listOrders: endpoint({
    method: 'GET',
    path: '/api/v1/order/list',
    summary:
      'Orders by player, order or transaction ID, product, platform, state and time, newest first by key, with totals by currency',
    permission: ['orderQuery'],
    query: orderListQuery,
    response: z.object({
      list: z.array(orderSchema),
      nextCursor: z.string().nullable(),
      total: z.object({ value: z.number().int(), estimate: z.boolean() }).optional(),
      /** Over every order the filter matches (first page only): delivered and not refunded, by currency. */
      totals: z.array(currencyTotalSchema).optional(),
    }),
  }),
  listPlayerOrders: endpoint({
    method: 'GET',
    path: '/api/v1/penguin/users/orders',
    summary: "A player's orders, newest first (spec §7: userId, pageSize 10, page 1 → list, pagination)",
    permission: ['orderQuery', 'payDataQuery'],
    query: pageQuery.extend({ userId: playerUserId }),
    response: pagedList(orderSchema),
  }),
  redeliverOrder: endpoint({
    method: 'PUT',
    path: '/api/v1/gm/user/order/:id',
    summary: 'Deliver an undelivered order again (exactly once: a delivered order is never delivered twice)',
    permission: ['orderQuery'],
    auditTarget: 'order',
    params: idParams,
    response: deliveryOutcomeSchema,
    invalidates: [...deadLetterReads],
  }),
  getPlayerPayments: endpoint({
    method: 'GET',
    path: '/api/v1/game-user/payment',
    summary: "A player's payments: lifetime spend by currency, first and last purchase, and the purchase history",
    permission: ['payDataQuery'],
    query: pageQuery.extend({ userId: playerUserId }),
    response: z.object({
      userId: z.number().int(),
      isPayer: z.boolean(),
      /** Delivered and not refunded, by currency. */
      lifetime: z.array(currencyTotalSchema),
      orders: z.number().int(),
      firstPurchaseAt: optionalIsoDate,
      lastPurchaseAt: optionalIsoDate,
      history: pagedList(orderSchema),
    }),
  }),
  listDeadLetters: endpoint({
    method: 'GET',
    path: '/api/v1/purchase/dlq',
    summary: 'The dead-letter queue: failed deliveries and store notices, newest first by key',
    permission: ['DLQQuery'],
    query: z.object({
      state: optionalEnum(deadLetterStateCodes),
      kind: optionalEnum(deadLetterKindCodes),
      reason: optionalEnum(deadLetterReasons),
      userId: optionalPlayerUserId,
      cursor: optionalText(200),
      pageSize: pageSizeQuery(),
    }),
    response: z.object({
      list: z.array(deadLetterSchema),
      nextCursor: z.string().nullable(),
      total: z.object({ value: z.number().int(), estimate: z.boolean() }).optional(),
    }),
  }),
  getDeadLetter: endpoint({
    method: 'GET',
    path: '/api/v1/purchase/dlq/:id',
    summary: 'One dead letter with its order',
    permission: ['DLQQuery'],
    params: idParams,
    response: deadLetterSchema,
  }),
  retryDeadLetter: endpoint({
    method: 'POST',
    path: '/api/v1/purchase/dlq/:id/retry',
    summary: 'Try the delivery again (exactly once); a failure keeps it waiting with the new reason',
    permission: ['DLQQuery'],
    auditTarget: 'deadLetter',
    params: idParams,
    response: deliveryOutcomeSchema,
    invalidates: [...deadLetterReads],
  }),
  discardDeadLetter: endpoint({
    method: 'POST',
    path: '/api/v1/purchase/dlq/:id/discard',
    summary: 'Give up on a dead letter, with a reason (its order stays undelivered)',
    permission: ['DLQQuery'],
    auditTarget: 'deadLetter',
    params: idParams,
    body: z.object({ reason: text({ max: 500, required: 'deadLetter.reasonRequired' }) }),
    response: deadLetterSchema,
    invalidates: [...deadLetterReads],
  }),
});
