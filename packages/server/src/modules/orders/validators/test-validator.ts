import { createHmac, timingSafeEqual } from 'node:crypto';
import { type PurchaseClaim, ReceiptRefused, type ReceiptValidator, type VerifiedPurchase } from '../validator.js';

/**
 * The test validator (platform `test`): receipts the tests, the benchmark and development make
 * themselves, signed with an HMAC so a receipt cut short or changed is refused like a store's.
 * A receipt is `base64url(JSON payload) + "." + base64url(HMAC-SHA256(secret, first part))`; the
 * payload is what a store would report: transaction ID, the store SKU, price, currency, time and
 * (optionally) the player it was bought for.
 */

/** The development secret (the README's default); production needs its own (`ROOKERY_TEST_RECEIPT_SECRET`). */
export const DEVELOPMENT_TEST_RECEIPT_SECRET = 'rookery-development-test-receipts';

export interface TestReceiptPayload {
  transactionId: string;
  /** The store SKU the purchase was of (the price level's `sku`). */
  sku: string;
  price?: string;
  currency?: string;
  /** ISO time of the purchase. */
  purchasedAt: string;
  /** The player it was bought for (like Apple's appAccountToken): another player's claim is refused. */
  userId?: number;
  environment?: 'sandbox' | 'production';
  /** ISO time the receipt stops being valid (a store's expiry); checked against the claim's time. */
  expiresAt?: string;
}

const sign = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('base64url');

/** A signed test receipt (tests, the benchmark, local development). */
export function makeTestReceipt(payload: TestReceiptPayload, secret = DEVELOPMENT_TEST_RECEIPT_SECRET): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

export interface TestValidatorSettings {
  /** `NODE_ENV=production`. */
  production: boolean;
  /** The setting that lets it run in production anyway (a staging host). */
  allowInProduction: boolean;
  secret?: string;
}

/** Whether the settings let the test validator run. */
export const testValidatorAllowed = (s: TestValidatorSettings) => !s.production || (s.allowInProduction && !!s.secret);

/**
 * The test validator. It refuses to be made when `NODE_ENV=production` unless the setting allows
 * it (and a secret of its own is set): a production server never accepts self-made receipts.
 */
export function testValidator(settings: TestValidatorSettings): ReceiptValidator {
  if (!testValidatorAllowed(settings))
    throw new Error(
      'the test receipt validator does not run with NODE_ENV=production unless ROOKERY_TEST_RECEIPTS_IN_PRODUCTION=1 and ROOKERY_TEST_RECEIPT_SECRET are set',
    );
  const secret = settings.secret ?? DEVELOPMENT_TEST_RECEIPT_SECRET;
  return {
    platform: 'test',
    async verify(claim: PurchaseClaim): Promise<VerifiedPurchase> {
      const receipt = claim.receipt;
      if (!receipt) throw new ReceiptRefused('empty');
      const parts = receipt.split('.');
      if (parts.length !== 2 || !/^[\w-]+$/.test(parts[0]) || !/^[\w-]+$/.test(parts[1]))
        throw new ReceiptRefused('malformed');
      const expected = Buffer.from(sign(secret, parts[0]));
      const given = Buffer.from(parts[1]);
      if (expected.length !== given.length || !timingSafeEqual(expected, given))
        throw new ReceiptRefused('badSignature');
      let payload: TestReceiptPayload;
      try {
        payload = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
      } catch {
        throw new ReceiptRefused('malformed');
      }
      const purchasedAt = new Date(payload?.purchasedAt);
      if (
        typeof payload?.transactionId !== 'string' ||
        !/^[\w.:-]{1,100}$/.test(payload.transactionId) ||
        typeof payload.sku !== 'string' ||
        Number.isNaN(purchasedAt.getTime())
      )
        throw new ReceiptRefused('malformed');
      if (payload.userId !== undefined && payload.userId !== claim.userId) throw new ReceiptRefused('otherPlayer');
      if (payload.expiresAt !== undefined) {
        const expiresAt = new Date(payload.expiresAt);
        if (Number.isNaN(expiresAt.getTime())) throw new ReceiptRefused('malformed');
        // Checked at the service clock's time the purchase passes (`claim.at`).
        if (claim.at && expiresAt <= claim.at) throw new ReceiptRefused('expired', { expiresAt: payload.expiresAt });
      }
      if (payload.price !== undefined && !/^\d{1,10}(\.\d{1,4})?$/.test(payload.price))
        throw new ReceiptRefused('malformed');
      if (payload.currency !== undefined && !/^[A-Z]{3}$/.test(payload.currency)) throw new ReceiptRefused('malformed');
      return {
        transactionId: payload.transactionId,
        productId: payload.sku,
        price: payload.price,
        currency: payload.currency,
        environment: payload.environment ?? 'sandbox',
        purchasedAt,
        details: { validator: 'test', sku: payload.sku },
      };
    },
  };
}
