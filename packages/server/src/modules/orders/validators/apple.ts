import {
  AppStoreServerAPIClient,
  type ConsumptionRequest,
  Environment,
  type JWSTransactionDecodedPayload,
  type ResponseBodyV2DecodedPayload,
  SignedDataVerifier,
  VerificationException,
  VerificationStatus,
} from '@apple/app-store-server-library';
import type { AppleSettings } from '../../../platform/config.js';
import { type PurchaseClaim, ReceiptRefused, type ReceiptValidator, type VerifiedPurchase } from '../validator.js';

/**
 * Apple's App Store: a signed transaction (JWS, the StoreKit 2 `jwsRepresentation`) verified with
 * `@apple/app-store-server-library`'s `SignedDataVerifier` — the x5c chain up to a configured
 * root, the leaf and intermediate's Apple extensions, the signature — and the bundle ID and
 * environment checked against the settings. Notices (App Store Server Notifications v2) go
 * through the same verifier; the App Store Server API (consumption answers, refund history) goes
 * through the library's client, its base URL configurable.
 */

/** Signed data larger than this is noise, refused before any parsing. */
export const MAX_SIGNED_LENGTH = 64 * 1024;

const environmentOf = (e: AppleSettings['environment']) =>
  e === 'production' ? Environment.PRODUCTION : Environment.SANDBOX;

export function appleVerifier(settings: AppleSettings): SignedDataVerifier {
  return new SignedDataVerifier(
    settings.rootCertificates,
    settings.onlineChecks,
    environmentOf(settings.environment),
    settings.bundleId,
    settings.appAppleId,
  );
}

/** Why the library refused, as the refusal code the game API answers with. */
export function appleRefusal(err: unknown): ReceiptRefused {
  if (err instanceof ReceiptRefused) return err;
  if (err instanceof VerificationException) {
    switch (err.status) {
      case VerificationStatus.INVALID_APP_IDENTIFIER:
        return new ReceiptRefused('wrongBundle');
      case VerificationStatus.INVALID_ENVIRONMENT:
        return new ReceiptRefused('wrongEnvironment');
      case VerificationStatus.INVALID_CHAIN_LENGTH:
        return new ReceiptRefused('missingX5c');
      case VerificationStatus.INVALID_CERTIFICATE:
        // The library wraps a missing or short x5c header as an invalid certificate.
        return err.cause instanceof VerificationException &&
          err.cause.status === VerificationStatus.INVALID_CHAIN_LENGTH
          ? new ReceiptRefused('missingX5c')
          : new ReceiptRefused('badCertificate');
      case VerificationStatus.VERIFICATION_FAILURE:
        return new ReceiptRefused('badSignature');
      case VerificationStatus.RETRYABLE_VERIFICATION_FAILURE:
        return new ReceiptRefused('storeUnavailable');
      default:
        return new ReceiptRefused('malformed');
    }
  }
  return new ReceiptRefused('malformed');
}

function checkSignedShape(jws: string | undefined): string {
  const text = jws?.trim() ?? '';
  if (!text) throw new ReceiptRefused('empty');
  if (text.length > MAX_SIGNED_LENGTH) throw new ReceiptRefused('malformed');
  if (!/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(text)) throw new ReceiptRefused('malformed');
  return text;
}

/** A signed transaction, verified and decoded; refusals as `ReceiptRefused`. */
export async function verifyAppleTransaction(
  verifier: SignedDataVerifier,
  jws: string | undefined,
): Promise<JWSTransactionDecodedPayload> {
  const text = checkSignedShape(jws);
  try {
    return await verifier.verifyAndDecodeTransaction(text);
  } catch (err) {
    throw appleRefusal(err);
  }
}

/** A notice's signedPayload, verified and decoded; refusals as `ReceiptRefused`. */
export async function verifyAppleNotification(
  verifier: SignedDataVerifier,
  signedPayload: string | undefined,
): Promise<ResponseBodyV2DecodedPayload> {
  const text = checkSignedShape(signedPayload);
  try {
    return await verifier.verifyAndDecodeNotification(text);
  } catch (err) {
    throw appleRefusal(err);
  }
}

/** Apple's prices are in milliunits of the currency (4990 → "4.99"). */
export const applePrice = (milli: number | undefined) =>
  milli === undefined ? undefined : (milli / 1000).toFixed(3).replace(/\.?0+$/, '');

/** The order's view of a verified transaction. */
export function appleVerified(t: JWSTransactionDecodedPayload, at?: Date): VerifiedPurchase {
  if (!t.transactionId || !t.productId || t.purchaseDate === undefined) throw new ReceiptRefused('malformed');
  if (t.revocationDate !== undefined) throw new ReceiptRefused('notPurchased', { revoked: true });
  // A transaction with an end (a subscription period) that has passed buys nothing now.
  if (t.expiresDate !== undefined && at && t.expiresDate <= at.getTime())
    throw new ReceiptRefused('expired', { expiresDate: new Date(t.expiresDate).toISOString() });
  return {
    transactionId: t.transactionId,
    originalTransactionId: t.originalTransactionId,
    productId: t.productId,
    price: applePrice(t.price),
    currency: t.currency,
    environment: String(t.environment) === 'Production' ? 'production' : 'sandbox',
    purchasedAt: new Date(t.purchaseDate),
    details: {
      bundleId: t.bundleId,
      type: t.type,
      quantity: t.quantity,
      storefront: t.storefront,
      inAppOwnershipType: t.inAppOwnershipType,
      signedDate: t.signedDate,
    },
  };
}

export function appleValidator(settings: AppleSettings): ReceiptValidator {
  const verifier = appleVerifier(settings);
  return {
    platform: 'apple',
    async verify(claim: PurchaseClaim) {
      const t = await verifyAppleTransaction(verifier, claim.signedTransaction ?? claim.receipt);
      return appleVerified(t, claim.at);
    },
  };
}

/**
 * The App Store Server API client of the library, its requests sent to the configured base URL
 * (Apple's own by the environment when unset; tests point it at a local server).
 */
class AppStoreClient extends AppStoreServerAPIClient {
  constructor(
    api: NonNullable<AppleSettings['api']>,
    settings: AppleSettings,
    private readonly baseUrl: string | undefined,
  ) {
    super(api.signingKey, api.keyId, api.issuerId, settings.bundleId, environmentOf(settings.environment));
  }

  protected override async makeFetchRequest(
    path: string,
    query: URLSearchParams,
    method: string,
    body: string | Buffer | undefined,
    headers: Record<string, string>,
  ) {
    if (!this.baseUrl) return super.makeFetchRequest(path, query, method, body, headers);
    const res = await fetch(`${this.baseUrl.replace(/\/+$/, '')}${path}?${query}`, {
      method,
      body: body as BodyInit | undefined,
      headers,
      signal: AbortSignal.timeout(30_000),
    });
    return res as unknown as Awaited<ReturnType<AppStoreServerAPIClient['makeFetchRequest']>>;
  }
}

/** What the server asks of the App Store Server API. */
export interface AppleApi {
  sendConsumption(transactionId: string, request: ConsumptionRequest): Promise<void>;
  /** Every refunded transaction of the customer who made `transactionId` (all pages). */
  refundedTransactions(transactionId: string): Promise<string[]>;
}

export function appleApi(settings: AppleSettings): AppleApi | undefined {
  if (!settings.api) return undefined;
  const client = new AppStoreClient(settings.api, settings, settings.api.baseUrl);
  return {
    sendConsumption: (transactionId, request) => client.sendConsumptionInformation(transactionId, request),
    async refundedTransactions(transactionId) {
      const out: string[] = [];
      let revision: string | null = null;
      for (let page = 0; page < 50; page += 1) {
        const res = await client.getRefundHistory(transactionId, revision);
        out.push(...(res.signedTransactions ?? []));
        if (!res.hasMore || !res.revision) break;
        revision = res.revision;
      }
      return out;
    },
  };
}
