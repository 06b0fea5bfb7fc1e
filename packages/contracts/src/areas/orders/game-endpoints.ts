import { z } from 'zod';
import { endpoint, endpointTable } from '../../endpoint.js';
import { blankToUndefined, playerUserId } from '../../fields.js';
import { rewardView } from '../mail/endpoints.js';
import { deadLetterReasons, deliveryStates, orderPlatforms } from './endpoints.js';

/** Longest receipt, signed transaction or purchase token accepted (store receipts are far shorter). */
export const MAX_RECEIPT_LENGTH = 65_536;

const receiptText = z.preprocess(
  blankToUndefined,
  z.string().max(MAX_RECEIPT_LENGTH, { error: 'order.receiptTooLong' }).optional(),
);

/** What the game's servers call about purchases (X-Game-Key). */
export const orderGameEndpoints = /*#__PURE__*/ endpointTable({
  gamePurchase: endpoint({
    method: 'POST',
    path: '/api/game/v1/players/:userId/purchases',
    summary:
      'Verify a purchase with its store and deliver it exactly once: the same transaction is one order however often it is sent',
    permission: 'game',
    params: z.object({ userId: playerUserId }),
    body: z.object({
      platform: z.enum(orderPlatforms, { error: 'order.platform' }),
      /** The IAP item's ID in the store catalogue (what the game's store lists). */
      productId: z
        .union([z.string(), z.number()], { error: 'order.productId' })
        .transform(String)
        .pipe(z.string().trim().min(1, { error: 'order.productId' }).max(200, { error: 'order.productId' })),
      /** The test validator's receipt. */
      receipt: receiptText,
      /** Apple: the signed transaction (JWS). */
      signedTransaction: receiptText,
      /** Google Play: the purchase token. */
      purchaseToken: receiptText,
    }),
    response: z.object({
      orderId: z.number().int(),
      transactionId: z.string(),
      state: z.enum(deliveryStates),
      /** Sent before: this answer is the order's as it stands (nothing delivered again). */
      duplicate: z.boolean(),
      rewards: z.array(rewardView),
      /** Rewards waiting in the purchase mail (claimed from the mailbox). */
      mailed: z.boolean(),
      /** The player's save count after the delivery: the game reloads its state when it changed. */
      saveCount: z.number().int().nullable(),
      /** Not delivered: why (it waits for an operator). */
      reason: z.enum(deadLetterReasons).nullable(),
    }),
  }),
});
