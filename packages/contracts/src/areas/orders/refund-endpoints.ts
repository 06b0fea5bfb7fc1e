import { z } from 'zod';
import { endpoint, endpointTable } from '../../endpoint.js';
import {
  blankToUndefined,
  idParams,
  isoDate,
  isoDateTime,
  optionalEnum,
  optionalPlayerUserId,
  optionalRowId,
  playerUserId,
} from '../../fields.js';
import { rewardSchema } from '../../game-catalogue.js';
import { pagedList, pageQuery } from '../../http.js';
import { clawbackKinds, refundPlatforms, refundSources, refundStates } from './refund-messages.js';

/** Refunds: refunded orders with the clawback each came to, refunds per player, players' debts. */

export const refundRowSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  userId: z.number().int(),
  platform: z.enum(refundPlatforms),
  transactionId: z.string(),
  productId: z.string(),
  price: z.string().nullable(),
  currency: z.string().nullable(),
  refundState: z.enum(refundStates).nullable(),
  refundedAt: isoDate.nullable(),
  source: z.enum(refundSources),
  clawback: z.enum(clawbackKinds),
  /** What the order's delivery granted (nothing when it was never delivered). */
  granted: z.array(rewardSchema),
  /** What was taken back, and what could not be (the player's debt). */
  taken: z.array(rewardSchema),
  debt: z.array(rewardSchema),
  createdAt: isoDate,
  createdBy: z.string().nullable(),
});

const debtSchema = z.object({ kind: z.string(), amount: z.number(), updatedAt: isoDate });

export const refundPlayerSchema = z.object({
  userId: z.number().int(),
  refunds: z.number().int(),
  /** Refunded amounts by currency ("4.99 USD"). */
  amounts: z.array(z.object({ currency: z.string(), amount: z.string() })),
  lastRefundAt: isoDate,
  debts: z.array(debtSchema),
});

const optionalTime = z.preprocess(blankToUndefined, isoDateTime.optional());

export const refundEndpoints = endpointTable({
  listRefunds: endpoint({
    method: 'GET',
    path: '/api/v1/order/refunds',
    summary: 'Refunded orders, newest refund first, with the clawback each came to',
    permission: ['refundUserQuery'],
    query: pageQuery.extend({
      id: optionalRowId,
      userId: optionalPlayerUserId,
      orderId: optionalRowId,
      platform: optionalEnum(refundPlatforms),
      clawback: optionalEnum(clawbackKinds),
      start: optionalTime,
      end: optionalTime,
    }),
    response: pagedList(refundRowSchema),
  }),
  listRefundPlayers: endpoint({
    method: 'GET',
    path: '/api/v1/game-user/refunds',
    summary: 'Players with refunds: how many, the amounts by currency, the last one, their debts',
    permission: ['refundUserQuery'],
    query: pageQuery.extend({ userId: optionalPlayerUserId }),
    response: pagedList(refundPlayerSchema),
  }),
  playerDebts: endpoint({
    method: 'GET',
    path: '/api/v1/game-user/debts',
    summary: 'What refund clawbacks could not take from a player (per resource)',
    permission: ['userQuery', 'refundUserQuery'],
    query: z.object({ userId: playerUserId }),
    response: z.object({ userId: z.number().int(), debts: z.array(debtSchema) }),
  }),
  applyRefundClawback: endpoint({
    method: 'PUT',
    path: '/api/v1/order/refunds/:id/clawback',
    summary:
      'Apply another clawback to a refund: take back (never below zero; the rest becomes debt) or flag the player; what was taken is not taken twice',
    permission: ['refundUserQuery'],
    params: idParams,
    body: z.object({ clawback: z.enum(['takeBack', 'flag'], { error: 'refund.clawback' }) }),
    auditTarget: ['orderRefund', 'player'],
    response: refundRowSchema,
    invalidates: ['listRefunds', 'listRefundPlayers', 'playerDebts'],
  }),
});
