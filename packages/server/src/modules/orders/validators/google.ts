import { createHash } from 'node:crypto';
import { JWT, OAuth2Client } from 'google-auth-library';
import type { GoogleSettings } from '../../../platform/config.js';
import { type PurchaseClaim, ReceiptRefused, type ReceiptValidator, type VerifiedPurchase } from '../validator.js';

/**
 * Google Play: the purchase token the game sends is checked with the Android Publisher API
 * (`purchases.products.get`), called through `google-auth-library` with a service-account
 * credential (JWT bearer grant at the credential's `token_uri`). The base URL is a setting so
 * tests answer from a local server. Voided purchases (`purchases.voidedpurchases.list`) feed the
 * refund poll; RTDN pushes are authenticated by the push subscription's OIDC token.
 */

const SCOPE = 'https://www.googleapis.com/auth/androidpublisher';
/** google-auth-library posts the JWT grant to this address; a credential naming another `token_uri` is honoured. */
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const MAX_TOKEN_LENGTH = 4096;

/** `ProductPurchase`, as Android Publisher v3 documents it (the fields read here). */
export interface ProductPurchase {
  kind?: string;
  purchaseTimeMillis?: string;
  /** 0 purchased, 1 canceled, 2 pending. */
  purchaseState?: number;
  /** 0 yet to be consumed, 1 consumed. */
  consumptionState?: number;
  orderId?: string;
  /** Absent for a real purchase; 0 test (licence tester), 1 promo, 2 rewarded. */
  purchaseType?: number;
  acknowledgementState?: number;
  purchaseToken?: string;
  productId?: string;
  quantity?: number;
  obfuscatedExternalAccountId?: string;
  regionCode?: string;
  refundableQuantity?: number;
}

/** `VoidedPurchase`, as Android Publisher v3 documents it. */
export interface VoidedPurchase {
  kind?: string;
  purchaseToken: string;
  purchaseTimeMillis?: string;
  voidedTimeMillis?: string;
  orderId?: string;
  /** 0 user, 1 developer, 2 Google. */
  voidedSource?: number;
  voidedReason?: number;
  voidedQuantity?: number;
}

/** The Android Publisher calls the server makes. */
export interface GoogleApi {
  productPurchase(productId: string, token: string): Promise<ProductPurchase>;
  /** Voided one-time purchases since `since` (all pages). */
  voidedPurchases(since: Date, until: Date): Promise<VoidedPurchase[]>;
}

function googleClient(settings: GoogleSettings): JWT {
  const client = new JWT({
    email: settings.credential.client_email,
    key: settings.credential.private_key,
    scopes: [SCOPE],
  });
  const tokenUri = settings.credential.token_uri;
  if (tokenUri && tokenUri !== GOOGLE_TOKEN_URL) {
    // The JWT grant goes where the credential says (a private endpoint, a test server).
    client.transporter.interceptors.request.add({
      resolved: async (opts) => {
        if (String(opts.url) === GOOGLE_TOKEN_URL) opts.url = new URL(tokenUri);
        return opts;
      },
    });
  }
  return client;
}

/** The HTTP status of a failed call (gaxios errors carry the response). */
const statusOf = (err: unknown) => (err as { response?: { status?: number } } | undefined)?.response?.status;

export function googleApi(settings: GoogleSettings): GoogleApi {
  const client = googleClient(settings);
  const app = `${settings.apiBaseUrl}/androidpublisher/v3/applications/${encodeURIComponent(settings.packageName)}`;
  return {
    async productPurchase(productId, token) {
      const res = await client.request<ProductPurchase>({
        url: `${app}/purchases/products/${encodeURIComponent(productId)}/tokens/${encodeURIComponent(token)}`,
        method: 'GET',
        retry: false,
        timeout: 30_000,
      });
      return res.data;
    },
    async voidedPurchases(since, until) {
      const out: VoidedPurchase[] = [];
      let pageToken: string | undefined;
      for (let page = 0; page < 100; page += 1) {
        const params = new URLSearchParams({
          startTime: String(since.getTime()),
          endTime: String(until.getTime()),
          type: '0',
          maxResults: '1000',
        });
        if (pageToken) params.set('token', pageToken);
        const res = await client.request<{
          voidedPurchases?: VoidedPurchase[];
          tokenPagination?: { nextPageToken?: string };
        }>({ url: `${app}/purchases/voidedpurchases?${params}`, method: 'GET', timeout: 30_000 });
        out.push(...(res.data.voidedPurchases ?? []));
        pageToken = res.data.tokenPagination?.nextPageToken;
        if (!pageToken) break;
      }
      return out;
    },
  };
}

/** The order's view of a product purchase Google confirmed. */
export function googleVerified(claim: PurchaseClaim, token: string, p: ProductPurchase): VerifiedPurchase {
  if (p.purchaseState === 2) throw new ReceiptRefused('pending');
  if (p.purchaseState !== 0) throw new ReceiptRefused('notPurchased', { purchaseState: p.purchaseState ?? null });
  if (p.obfuscatedExternalAccountId && p.obfuscatedExternalAccountId !== String(claim.userId))
    throw new ReceiptRefused('otherPlayer');
  if (p.productId && p.productId !== claim.productId) throw new ReceiptRefused('productMismatch');
  const purchasedAt = Number(p.purchaseTimeMillis);
  if (!Number.isFinite(purchasedAt)) throw new ReceiptRefused('malformed');
  return {
    // A licence tester's purchase may come without an order ID: the token's hash names it then.
    transactionId: p.orderId ?? `token:${createHash('sha256').update(token).digest('hex').slice(0, 40)}`,
    originalTransactionId: token,
    productId: claim.productId,
    environment: p.purchaseType === 0 ? 'sandbox' : 'production',
    purchasedAt: new Date(purchasedAt),
    details: {
      purchaseType: p.purchaseType ?? null,
      acknowledgementState: p.acknowledgementState ?? null,
      consumptionState: p.consumptionState ?? null,
      quantity: p.quantity ?? 1,
      regionCode: p.regionCode ?? null,
    },
  };
}

export function googleValidator(settings: GoogleSettings, api: GoogleApi = googleApi(settings)): ReceiptValidator {
  return {
    platform: 'google',
    async verify(claim) {
      const token = (claim.purchaseToken ?? claim.receipt ?? '').trim();
      if (!token) throw new ReceiptRefused('empty');
      if (token.length > MAX_TOKEN_LENGTH || !/^[\w.:-]+$/.test(token)) throw new ReceiptRefused('malformed');
      let purchase: ProductPurchase;
      try {
        purchase = await api.productPurchase(claim.productId, token);
      } catch (err) {
        const status = statusOf(err);
        if (status === 404 || status === 410) throw new ReceiptRefused('notPurchased');
        if (status === 400) throw new ReceiptRefused('malformed');
        throw new ReceiptRefused('storeUnavailable', { status: status ?? null });
      }
      return googleVerified(claim, token, purchase);
    },
  };
}

/**
 * RTDN's push authentication: the Pub/Sub push subscription's OIDC token (Authorization: Bearer),
 * verified with google-auth-library against the configured audience, and its email the
 * configured push service account. Throws when it is not.
 */
export function rtdnAuthenticator(settings: GoogleSettings) {
  const client = new OAuth2Client(
    settings.oidcCertsUrl ? { endpoints: { oauth2FederatedSignonPemCertsUrl: settings.oidcCertsUrl } } : {},
  );
  return async (authorization: string | undefined) => {
    if (!settings.rtdnAudience) throw new Error('no audience configured');
    const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
    if (!token) throw new Error('no bearer token');
    const ticket = await client.verifyIdToken({ idToken: token, audience: settings.rtdnAudience });
    const payload = ticket.getPayload();
    if (!payload?.email_verified) throw new Error('email not verified');
    if (settings.rtdnServiceAccount && payload.email !== settings.rtdnServiceAccount)
      throw new Error('not the push service account');
  };
}
