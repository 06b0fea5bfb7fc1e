import type { OrderPlatform } from './tables.js';

/**
 * What the game sends to `POST /api/game/v1/players/{userId}/purchases`: Apple's signed
 * transaction (JWS), Google's purchase token, or the test validator's receipt.
 */
export interface PurchaseClaim {
  platform: OrderPlatform;
  userId: number;
  /** The store catalogue's product the game says was bought. */
  productId: string;
  receipt?: string;
  signedTransaction?: string;
  purchaseToken?: string;
  /** When it is checked (the service clock): a receipt whose validity ended before is `expired`. */
  at?: Date;
}

/** A purchase the store confirmed as paid. */
export interface VerifiedPurchase {
  transactionId: string;
  originalTransactionId?: string;
  /** The product the store says was bought (checked against the claim's by the caller). */
  productId: string;
  price?: string;
  currency?: string;
  environment: 'sandbox' | 'production';
  purchasedAt: Date;
  /** The store's fields worth keeping on the order (never the raw receipt, never a secret). */
  details: Record<string, unknown>;
}

/**
 * Why a receipt was refused, as a code the game API answers with (and the console shows in both
 * languages): `empty`, `malformed`, `badSignature`, `wrongBundle`, `wrongEnvironment`, `expired`,
 * `notPurchased`, `unknownProduct`, `productMismatch`, `priceChanged`, `otherPlayer`, `storeUnavailable`…
 */
export class ReceiptRefused extends Error {
  constructor(
    readonly code: string,
    readonly detail?: Record<string, unknown>,
  ) {
    super(code);
  }
}

/** One store's verification: answers the verified purchase or throws `ReceiptRefused`. */
export interface ReceiptValidator {
  platform: OrderPlatform;
  verify(claim: PurchaseClaim): Promise<VerifiedPurchase>;
}
