import { type PriceLevel, type PurchaseItem, priceLevelResource, purchaseItemResource } from '@rookery/contracts';
import { and, eq, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { resourceItems } from '../../platform/resources/tables.js';
import { existingPlayerIds, playerExists } from '../players/service.js';
import { type DeliveryResult, type DueSteps, deliverOrder, productVerified, verifiedDue } from './delivery.js';
import { orders } from './tables.js';
import { type PurchaseClaim, ReceiptRefused, type VerifiedPurchase } from './validator.js';
import type { ReceiptValidators } from './validators/index.js';

/**
 * The game's purchase (`POST /api/game/v1/players/{userId}/purchases`): the receipt is verified by
 * its platform's validator and checked against the store catalogue, the order is written once per
 * (platform, transaction ID) — the unique index decides between instances — and then delivered
 * (`deliverOrder`, its own transaction). A refused receipt writes nothing: the attempt goes to the
 * server log with its reason (never the receipt).
 */

/** The codes a refusal answers with (their texts are the `order.refused.<code>` messages). */
const knownRefusals = new Set([
  'empty',
  'malformed',
  'badSignature',
  'wrongBundle',
  'wrongEnvironment',
  'expired',
  'notPurchased',
  'unknownProduct',
  'productMismatch',
  'priceChanged',
  'otherPlayer',
  'platformUnavailable',
  'storeUnavailable',
]);

export interface PurchaseAnswer {
  orderId: number;
  transactionId: string;
  state: DeliveryResult['order']['deliveryState'];
  duplicate: boolean;
  rewards: { kind: string; amount: number }[];
  mailed: boolean;
  saveCount: number | null;
  reason: DeliveryResult['reason'];
}

/** Which OS's price level a store's purchase is of (the test validator's: whichever level has its SKU). */
const osOf = { apple: 'ios', google: 'android', test: null } as const;

/**
 * The store catalogue's word on a verified purchase: the IAP item the game named must exist, and
 * the SKU the store reports must be its price level's now (another tier's SKU: its price level
 * changed since; no level's: another product), at the level's price when the store names one in a
 * currency the level lists.
 */
async function checkCatalogue(db: Db, claim: PurchaseClaim, verified: VerifiedPurchase) {
  if (!/^\d{1,9}$/.test(claim.productId)) throw new ReceiptRefused('unknownProduct');
  // The item and the price levels of the store's SKU: one read.
  const rows = await db
    .select({ kind: resourceItems.kind, document: resourceItems.document })
    .from(resourceItems)
    .where(
      or(
        and(eq(resourceItems.kind, purchaseItemResource.name), eq(resourceItems.key, claim.productId)),
        and(
          eq(resourceItems.kind, priceLevelResource.name),
          sql`${resourceItems.document} @> ${JSON.stringify({ sku: verified.productId })}::jsonb`,
        ),
      ),
    );
  const item = rows.find((r) => r.kind === purchaseItemResource.name)?.document as PurchaseItem | undefined;
  if (!item) throw new ReceiptRefused('unknownProduct');
  const os = osOf[claim.platform];
  const levels = rows
    .filter((r) => r.kind === priceLevelResource.name)
    .map((r) => r.document as PriceLevel)
    .filter((l) => os === null || l.platform === os);
  if (levels.length === 0) throw new ReceiptRefused('productMismatch', { sku: verified.productId });
  const level = levels.find((l) => l.tier === item.priceLevel);
  if (!level) throw new ReceiptRefused('priceChanged', { sku: verified.productId, tier: item.priceLevel });
  if (verified.price !== undefined && verified.currency) {
    const listed = level.prices.find((p) => p.currency === verified.currency);
    if (listed && Math.abs(listed.amount - Number(verified.price)) > 1e-9)
      throw new ReceiptRefused('priceChanged', { currency: verified.currency, price: verified.price });
  }
}

/** The field a refusal is about: the product for a catalogue's refusal, else the receipt sent. */
const productRefusals = new Set(['unknownProduct']);
const receiptField = (claim: PurchaseClaim) =>
  claim.signedTransaction ? 'signedTransaction' : claim.purchaseToken ? 'purchaseToken' : 'receipt';

const refusal = (code: string, claim: PurchaseClaim) => {
  const key = `order.refused.${knownRefusals.has(code) ? code : 'other'}`;
  return new AppError(400, key, {
    data: { reason: code },
    fields: [{ field: productRefusals.has(code) ? 'productId' : receiptField(claim), message: key }],
  });
};

const answerOf = (r: DeliveryResult, duplicate: boolean): PurchaseAnswer => ({
  orderId: r.order.id,
  transactionId: r.order.transactionId,
  state: r.order.deliveryState,
  duplicate,
  rewards: r.order.rewards ?? [],
  mailed: r.mailed,
  saveCount: r.saveCount,
  reason: r.reason,
});

export async function purchase(
  db: Db,
  validators: ReceiptValidators,
  claim: PurchaseClaim,
  now: Date,
  log: FastifyBaseLogger,
): Promise<PurchaseAnswer> {
  const refuse = (code: string): never => {
    log.warn({ purchaseRefused: code, userId: claim.userId, platform: claim.platform, productId: claim.productId });
    throw refusal(code, claim);
  };
  if (!claim.receipt && !claim.signedTransaction && !claim.purchaseToken) refuse('empty');
  const validator = validators.get(claim.platform);
  if (!validator) refuse('platformUnavailable');
  let verified: VerifiedPurchase;
  try {
    verified = await validator!.verify({ ...claim, at: now });
    await checkCatalogue(db, claim, verified);
  } catch (e) {
    if (e instanceof ReceiptRefused) return refuse(e.code);
    throw e;
  }
  // One order per transaction: the first insert wins, every other sender reads it. The insert
  // names the player's row, so an unknown player's purchase writes nothing (told apart below).
  const written = (await db.execute(sql`
    insert into ${orders} (user_id, platform, transaction_id, original_transaction_id, product_id, price, currency,
      environment, validation, delivery_state, purchased_at, created_at)
    select ${claim.userId}::bigint, ${claim.platform}::text, ${verified.transactionId}::text,
      ${verified.originalTransactionId ?? null}::text, ${claim.productId}::text, ${verified.price ?? null}::numeric,
      ${verified.currency ?? null}::text, ${verified.environment}::text, ${JSON.stringify(verified.details)}::jsonb,
      'verified', ${verified.purchasedAt}::timestamptz, ${now}::timestamptz
    where ${playerExists(claim.userId)}
    on conflict do nothing
    returning id, ${verifiedDue(sql`${claim.productId}::text`)} as due`)) as unknown as {
    rows: { id: number | string; due: DueSteps | string }[];
  };
  const row = written.rows[0];
  const inserted = row
    ? { id: Number(row.id), due: (typeof row.due === 'string' ? JSON.parse(row.due) : row.due) as DueSteps }
    : undefined;
  if (!inserted && !(await existingPlayerIds(db, [claim.userId])).has(claim.userId))
    throw new AppError(404, 'player.notFound');
  if (inserted) {
    await productVerified(
      db,
      { orderId: inserted.id, userId: claim.userId, productId: claim.productId, now },
      inserted.due,
    );
    return answerOf(await deliverOrder(db, inserted.id, now), false);
  }

  const [existing] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.platform, claim.platform), eq(orders.transactionId, verified.transactionId)));
  if (!existing) throw new AppError(503, 'http.503');
  if (existing.userId !== claim.userId) return refuse('otherPlayer');
  // Sent again while its delivery never ran (a crash between the two steps): deliver it now.
  if (existing.deliveryState === 'verified') return answerOf(await deliverOrder(db, existing.id, now), true);
  return answerOf({ order: existing, delivered: false, reason: null, saveCount: null, mailed: false }, true);
}
