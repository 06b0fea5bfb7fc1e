import 'reflect-metadata';
import { createSign, createVerify, generateKeyPairSync, randomUUID, verify, webcrypto } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as x509 from '@peculiar/x509';

/**
 * Test stores: an App Store signing chain made by a test root CA (the leaf and intermediate carry
 * Apple's marker extensions, as the App Store Server Library checks), JWS signed with it, and a
 * local HTTP server that plays Google (OAuth token endpoint, Android Publisher products.get and
 * voided purchases, OIDC certificates) and the App Store Server API (consumption, refund history),
 * checking bearer tokens and request shapes as the real ones do.
 */

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

const EC = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');

export interface AppleChain {
  rootDer: Buffer;
  /** x5c: leaf, intermediate, root (base64 DER). */
  x5c: string[];
  leafKey: CryptoKey;
}

/** A root CA, an intermediate (OID 1.2.840.113635.100.6.2.1) and a leaf (1.2.840.113635.100.6.11.1). */
export async function makeAppleChain(name = 'Rookery Test'): Promise<AppleChain> {
  const keys = async () => (await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify'])) as CryptoKeyPair;
  const [rootKeys, interKeys, leafKeys] = await Promise.all([keys(), keys(), keys()]);
  const notBefore = new Date(Date.now() - 365 * 86_400_000);
  const notAfter = new Date(Date.now() + 20 * 365 * 86_400_000);
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: `CN=${name} Root CA`,
    notBefore,
    notAfter,
    keys: rootKeys as never,
    signingAlgorithm: EC,
    extensions: [new x509.BasicConstraintsExtension(true, undefined, true)],
  });
  const inter = await x509.X509CertificateGenerator.create({
    serialNumber: '02',
    subject: `CN=${name} Intermediate`,
    issuer: root.subject,
    notBefore,
    notAfter,
    publicKey: interKeys.publicKey as never,
    signingKey: rootKeys.privateKey as never,
    signingAlgorithm: EC,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.Extension('1.2.840.113635.100.6.2.1', false, new Uint8Array([0x05, 0x00])),
    ],
  });
  const leaf = await x509.X509CertificateGenerator.create({
    serialNumber: '03',
    subject: `CN=${name} Leaf`,
    issuer: inter.subject,
    notBefore,
    notAfter,
    publicKey: leafKeys.publicKey as never,
    signingKey: interKeys.privateKey as never,
    signingAlgorithm: EC,
    extensions: [
      new x509.BasicConstraintsExtension(false),
      new x509.Extension('1.2.840.113635.100.6.11.1', false, new Uint8Array([0x05, 0x00])),
    ],
  });
  const der = (c: x509.X509Certificate) => Buffer.from(c.rawData);
  return {
    rootDer: der(root),
    x5c: [leaf, inter, root].map((c) => der(c).toString('base64')),
    leafKey: leafKeys.privateKey,
  };
}

/** An ES256 JWS as the App Store signs it (x5c header); `x5c: false` leaves the chain out. */
export async function signApple(
  chain: AppleChain,
  payload: Record<string, unknown>,
  opts: { x5c?: boolean } = {},
): Promise<string> {
  const header = { alg: 'ES256', ...(opts.x5c === false ? {} : { x5c: chain.x5c }) };
  const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}`;
  const sig = await webcrypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, chain.leafKey, Buffer.from(input));
  return `${input}.${b64url(Buffer.from(sig))}`;
}

/** A consumable's signed transaction (JWSTransactionDecodedPayload) for `bundleId`. */
export function appleTransaction(over: Record<string, unknown> = {}) {
  const now = Date.now();
  return {
    transactionId: `2000000${Math.floor(Math.random() * 1e9)}`,
    originalTransactionId: `2000000${Math.floor(Math.random() * 1e9)}`,
    bundleId: 'com.example.penguin',
    productId: 'gems_100',
    purchaseDate: now - 60_000,
    originalPurchaseDate: now - 60_000,
    quantity: 1,
    type: 'Consumable',
    inAppOwnershipType: 'PURCHASED',
    signedDate: now,
    environment: 'Sandbox',
    transactionReason: 'PURCHASE',
    storefront: 'USA',
    storefrontId: '143441',
    price: 4990,
    currency: 'USD',
    ...over,
  };
}

/** An App Store Server Notification v2 body (ResponseBodyV2DecodedPayload) carrying a signed transaction. */
export function appleNotice(
  type: string,
  signedTransactionInfo: string | undefined,
  over: Record<string, unknown> = {},
) {
  return {
    notificationType: type,
    notificationUUID: randomUUID(),
    version: '2.0',
    signedDate: Date.now(),
    data: {
      bundleId: 'com.example.penguin',
      environment: 'Sandbox',
      ...(signedTransactionInfo ? { signedTransactionInfo } : {}),
      ...(type === 'CONSUMPTION_REQUEST' ? { consumptionRequestReason: 'UNINTENDED_PURCHASE' } : {}),
    },
    ...over,
  };
}

/** A Google service account (RSA key) and the key that signs Pub/Sub's OIDC tokens. */
export function googleKeys() {
  const account = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const oidc = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    account,
    oidc,
    clientEmail: 'rookery-test@rookery-test.iam.gserviceaccount.com',
    pushEmail: 'pubsub-push@rookery-test.iam.gserviceaccount.com',
    oidcKid: 'test-oidc-key',
  };
}
export type GoogleKeys = ReturnType<typeof googleKeys>;

/** An RS256 JWT. */
export function signRs256(key: import('node:crypto').KeyObject, payload: Record<string, unknown>, kid?: string) {
  const input = `${b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', ...(kid ? { kid } : {}) }))}.${b64url(JSON.stringify(payload))}`;
  const sig = createSign('RSA-SHA256').update(input).sign(key);
  return `${input}.${b64url(sig)}`;
}

/** The OIDC token Pub/Sub sends with a push (issuer Google, audience the push endpoint's). */
export function pushToken(
  keys: GoogleKeys,
  audience: string,
  over: Record<string, unknown> = {},
  signer = keys.oidc.privateKey,
) {
  const now = Math.floor(Date.now() / 1000);
  return signRs256(
    signer,
    {
      iss: 'https://accounts.google.com',
      aud: audience,
      azp: '1234567890',
      sub: '1234567890',
      email: keys.pushEmail,
      email_verified: true,
      iat: now,
      exp: now + 3600,
      ...over,
    },
    keys.oidcKid,
  );
}

interface Recorded {
  method: string;
  path: string;
  auth?: string;
  body?: unknown;
}

/**
 * The local Google and App Store server. `purchases` maps a purchase token to its ProductPurchase;
 * `voided` is the voided-purchases list; `refunds` maps a transaction ID to the signed refunded
 * transactions of its customer.
 */
export async function startStoreServer(keys: GoogleKeys, packageName: string) {
  const state = {
    purchases: new Map<string, Record<string, unknown>>(),
    voided: [] as Record<string, unknown>[],
    refunds: new Map<string, string[]>(),
    tokensIssued: new Set<string>(),
    calls: [] as Recorded[],
    consumption: [] as { transactionId: string; body: Record<string, unknown> }[],
    appleKey: undefined as import('node:crypto').KeyObject | undefined,
  };
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const googleError = (res: http.ServerResponse, status: number, message: string) =>
    json(res, status, { error: { code: status, message, status: status === 404 ? 'NOT_FOUND' : 'UNAUTHENTICATED' } });
  const bearerOk = (req: http.IncomingMessage) => {
    const t = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    return t !== undefined && state.tokensIssued.has(t);
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://local');
      state.calls.push({ method: req.method ?? '', path: url.pathname, auth: req.headers.authorization, body: raw });
      const app = `/androidpublisher/v3/applications/${packageName}`;
      // OAuth 2.0 token endpoint: a JWT bearer grant signed by the service account's key.
      if (req.method === 'POST' && url.pathname === '/token') {
        const form = new URLSearchParams(raw);
        if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
          return json(res, 400, { error: 'unsupported_grant_type' });
        const [h, p, s] = (form.get('assertion') ?? '').split('.');
        const valid =
          h &&
          p &&
          s &&
          createVerify('RSA-SHA256').update(`${h}.${p}`).verify(keys.account.publicKey, Buffer.from(s, 'base64url'));
        const claims = valid ? JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) : null;
        if (!claims || claims.iss !== keys.clientEmail || !String(claims.scope).includes('androidpublisher'))
          return json(res, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
        const token = `ya29.test-${randomUUID()}`;
        state.tokensIssued.add(token);
        return json(res, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
      }
      if (req.method === 'GET' && url.pathname === '/oauth2/v1/certs') {
        return json(res, 200, { [keys.oidcKid]: keys.oidc.publicKey.export({ type: 'spki', format: 'pem' }) });
      }
      const product = new RegExp(`^${app}/purchases/products/([^/]+)/tokens/([^/]+)$`).exec(url.pathname);
      if (req.method === 'GET' && product) {
        if (!bearerOk(req)) return googleError(res, 401, 'Request had invalid authentication credentials.');
        const p = state.purchases.get(decodeURIComponent(product[2]));
        if (!p || (p.productId && p.productId !== decodeURIComponent(product[1])))
          return googleError(res, 404, 'The purchase token was not found.');
        return json(res, 200, { kind: 'androidpublisher#productPurchase', ...p, productId: undefined });
      }
      if (req.method === 'GET' && url.pathname === `${app}/purchases/voidedpurchases`) {
        if (!bearerOk(req)) return googleError(res, 401, 'Request had invalid authentication credentials.');
        const start = Number(url.searchParams.get('startTime'));
        if (!Number.isFinite(start)) return googleError(res, 400, 'startTime');
        const list = state.voided.filter((v) => Number(v.voidedTimeMillis) >= start);
        return json(res, 200, {
          pageInfo: { totalResults: list.length, resultPerPage: 1000, startIndex: 0 },
          voidedPurchases: list.map((v) => ({ kind: 'androidpublisher#voidedPurchase', ...v })),
        });
      }
      // App Store Server API: an ES256 bearer JWT made with the .p8 key.
      const appleBearer = () => {
        const t = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        if (!t || !state.appleKey) return false;
        const [h, p, s] = t.split('.');
        return verify(
          'sha256',
          Buffer.from(`${h}.${p}`),
          { key: state.appleKey, dsaEncoding: 'ieee-p1363' },
          Buffer.from(s, 'base64url'),
        );
      };
      const consumption = /^\/inApps\/v2\/transactions\/consumption\/(\w+)$/.exec(url.pathname);
      if (req.method === 'PUT' && consumption) {
        if (!appleBearer()) return json(res, 401, {});
        state.consumption.push({ transactionId: consumption[1], body: JSON.parse(raw) });
        res.writeHead(202);
        return res.end();
      }
      const refund = /^\/inApps\/v2\/refund\/lookup\/(\w+)$/.exec(url.pathname);
      if (req.method === 'GET' && refund) {
        if (!appleBearer()) return json(res, 401, {});
        return json(res, 200, {
          signedTransactions: state.refunds.get(refund[1]) ?? [],
          hasMore: false,
          revision: 'r1',
        });
      }
      json(res, 404, { error: 'no such route' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
