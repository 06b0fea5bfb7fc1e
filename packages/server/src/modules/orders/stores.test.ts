import { generateKeyPairSync, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Environment, SignedDataVerifier } from '@apple/app-store-server-library';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreSettings } from '../../platform/config.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  type AppleChain,
  appleNotice,
  appleTransaction,
  type GoogleKeys,
  googleKeys,
  makeAppleChain,
  pushToken,
  signApple,
  startStoreServer,
} from '../../test/store-fixtures.js';
import { applyRewards } from '../players/service.js';
import { pollStoreRefunds, type StoreApis } from './poll.js';
import { orderDeadLetters, orderRefunds, orders, playerDebts, storeNotifications } from './tables.js';
import { ReceiptRefused } from './validator.js';
import { appleApi, appleValidator, appleVerifier } from './validators/apple.js';
import { googleApi, googleValidator } from './validators/google.js';

const PKG = 'com.example.penguin';
const AUDIENCE = 'https://rookery.test/api/store/v1/google/notifications';
/** Apple's App Store Server Library test resources (apple/app-store-server-library-node, tests/resources; MIT). */
const APPLE_FIXTURES = path.join(import.meta.dirname, 'fixtures/apple');

let ctx: TestContext;
let chain: AppleChain;
let otherChain: AppleChain;
let keys: GoogleKeys;
let server: Awaited<ReturnType<typeof startStoreServer>>;
let stores: StoreSettings;

beforeAll(async () => {
  [chain, otherChain] = await Promise.all([makeAppleChain('Rookery Test'), makeAppleChain('Forger')]);
  keys = googleKeys();
  server = await startStoreServer(keys, PKG);
  const appleKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  server.state.appleKey = appleKey.publicKey;
  stores = {
    apple: {
      bundleId: PKG,
      environment: 'sandbox',
      rootCertificates: [chain.rootDer],
      onlineChecks: false,
      api: {
        signingKey: appleKey.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        keyId: 'TESTKEY123',
        issuerId: randomUUID(),
        baseUrl: server.url,
      },
    },
    google: {
      packageName: PKG,
      credential: {
        client_email: keys.clientEmail,
        private_key: keys.account.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        token_uri: `${server.url}/token`,
      },
      apiBaseUrl: server.url,
      rtdnAudience: AUDIENCE,
      rtdnServiceAccount: keys.pushEmail,
      oidcCertsUrl: `${server.url}/oauth2/v1/certs`,
    },
    refundClawback: 'takeBack',
    refundPollDays: 30,
  };
  ctx = await createTestContext({ config: { stores } });
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await server?.close();
});

let devices = 0;
async function player() {
  devices += 1;
  const res = await ctx.game('POST', '/api/game/v1/players/login', {
    body: {
      deviceId: `stores-${devices}-${Date.now()}`,
      deviceModel: 'iPhone 15',
      os: 'ios',
      appVersion: '1.0.0',
      language: 'en-US',
      country: 'US',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.userId as number;
}

const gems = async (userId: number) => {
  const r = (await ctx.database.db.execute(
    sql`select (state->'resources'->>'gem')::numeric as gem from players where id = ${userId}`,
  )) as unknown as { rows: { gem: string }[] };
  return Number(r.rows[0].gem);
};

/** A delivered order granting 100 gems (delivery through applyRewards, as the orders part does). */
async function deliveredOrder(
  userId: number,
  platform: 'apple' | 'google',
  transactionId: string,
  originalTransactionId?: string,
) {
  const db = ctx.database.db;
  const now = new Date();
  const rewards = [{ kind: 'gem' as const, amount: 100 }];
  return db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        userId,
        platform,
        transactionId,
        originalTransactionId,
        productId: 'gems_100',
        price: '4.99',
        currency: 'USD',
        environment: 'sandbox',
        validation: {},
        deliveryState: 'delivered',
        rewards,
        purchasedAt: now,
        createdAt: now,
        deliveredAt: now,
      })
      .returning();
    await applyRewards(tx, userId, rewards, { type: 'purchase', id: order.id }, now);
    return order;
  });
}

const setGems = (userId: number, n: number) =>
  ctx.database.db.execute(
    sql`update players set state = jsonb_set(state, '{resources,gem}', to_jsonb(${n}::int)) where id = ${userId}`,
  );

const postApple = (signedPayload: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/store/v1/apple/notifications', payload: { signedPayload } });

const postGoogle = (notification: Record<string, unknown>, token?: string, messageId: string = randomUUID()) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/store/v1/google/notifications',
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    payload: {
      message: {
        data: Buffer.from(JSON.stringify(notification)).toString('base64'),
        messageId,
        publishTime: new Date().toISOString(),
      },
      subscription: 'projects/rookery-test/subscriptions/rtdn',
    },
  });

describe('Apple validator', () => {
  const claim = (signedTransaction: string) => ({
    platform: 'apple' as const,
    userId: 1,
    productId: 'gems_100',
    signedTransaction,
  });
  const refusal = async (p: Promise<unknown>) => {
    const err = await p.catch((e) => e);
    expect(err).toBeInstanceOf(ReceiptRefused);
    return (err as ReceiptRefused).code;
  };

  it('verifies a signed transaction up to the configured root and keeps its price and environment', async () => {
    const t = appleTransaction();
    const v = await appleValidator(stores.apple!).verify(claim(await signApple(chain, t)));
    expect(v).toMatchObject({
      transactionId: t.transactionId,
      originalTransactionId: t.originalTransactionId,
      productId: 'gems_100',
      price: '4.99',
      currency: 'USD',
      environment: 'sandbox',
    });
    expect(v.purchasedAt.getTime()).toBe(t.purchaseDate);
  });

  it('refuses another bundle, a missing x5c, a bad signature, another root, noise', async () => {
    const validator = appleValidator(stores.apple!);
    expect(
      await refusal(validator.verify(claim(await signApple(chain, appleTransaction({ bundleId: 'com.other.app' }))))),
    ).toBe('wrongBundle');
    expect(await refusal(validator.verify(claim(await signApple(chain, appleTransaction(), { x5c: false }))))).toBe(
      'missingX5c',
    );
    const good = await signApple(chain, appleTransaction());
    const [h, , s] = good.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify(appleTransaction({ price: 1 }))).toString('base64url')}.${s}`;
    expect(await refusal(validator.verify(claim(tampered)))).toBe('badSignature');
    expect(await refusal(validator.verify(claim(await signApple(otherChain, appleTransaction()))))).toBe(
      'badSignature',
    );
    expect(
      await refusal(validator.verify(claim(await signApple(chain, appleTransaction({ environment: 'Production' }))))),
    ).toBe('wrongEnvironment');
    expect(await refusal(validator.verify(claim('')))).toBe('empty');
    expect(await refusal(validator.verify(claim('x'.repeat(1_000_000))))).toBe('malformed');
    expect(await refusal(validator.verify(claim('a.b')))).toBe('malformed');
  });

  it("reads Apple's own signed fixtures (test CA): a notice, a wrong bundle ID, a missing x5c", async () => {
    const read = (f: string) => fs.readFileSync(path.join(APPLE_FIXTURES, f), 'utf8').trim();
    const verifier = new SignedDataVerifier(
      [fs.readFileSync(path.join(APPLE_FIXTURES, 'testCA.der'))],
      false,
      Environment.SANDBOX,
      'com.example',
    );
    const { verifyAppleNotification } = await import('./validators/apple.js');
    expect((await verifyAppleNotification(verifier, read('testNotification'))).notificationType).toBe('TEST');
    expect(await refusal(verifyAppleNotification(verifier, read('wrongBundleId')))).toBe('wrongBundle');
    expect(await refusal(verifyAppleNotification(verifier, read('missingX5CHeaderClaim')))).toBe('missingX5c');
  });
});

describe('Google validator', () => {
  it('checks a purchase token with products.get through a service-account token', async () => {
    const token = `tok-${randomUUID()}`;
    server.state.purchases.set(token, {
      purchaseTimeMillis: String(Date.now() - 5000),
      purchaseState: 0,
      consumptionState: 0,
      orderId: `GPA.3333-${Date.now()}`,
      acknowledgementState: 0,
      purchaseType: 0,
      regionCode: 'US',
      obfuscatedExternalAccountId: '42',
    });
    const before = server.state.tokensIssued.size;
    const v = await googleValidator(stores.google!).verify({
      platform: 'google',
      userId: 42,
      productId: 'gems_100',
      purchaseToken: token,
    });
    expect(v.transactionId).toMatch(/^GPA\.3333-/);
    expect(v.originalTransactionId).toBe(token);
    expect(v.environment).toBe('sandbox');
    expect(server.state.tokensIssued.size).toBe(before + 1);
    const call = [...server.state.calls].reverse().find((c) => c.path.includes('/tokens/'));
    expect(call?.path).toBe(`/androidpublisher/v3/applications/${PKG}/purchases/products/gems_100/tokens/${token}`);
    expect(call?.auth).toMatch(/^Bearer ya29\.test-/);
  });

  it('refuses a canceled, a pending, an unknown and another player’s purchase', async () => {
    const validator = googleValidator(stores.google!);
    const refusal = (token: string, userId = 42) =>
      validator.verify({ platform: 'google', userId, productId: 'gems_100', purchaseToken: token }).then(
        () => 'accepted',
        (e: ReceiptRefused) => e.code,
      );
    const base = { purchaseTimeMillis: String(Date.now()), orderId: `GPA.1-${Date.now()}` };
    server.state.purchases.set('canceled', { ...base, purchaseState: 1 });
    server.state.purchases.set('pending', { ...base, purchaseState: 2 });
    server.state.purchases.set('mine', { ...base, purchaseState: 0, obfuscatedExternalAccountId: '7' });
    expect(await refusal('canceled')).toBe('notPurchased');
    expect(await refusal('pending')).toBe('pending');
    expect(await refusal('unknown-token')).toBe('notPurchased');
    expect(await refusal('mine', 8)).toBe('otherPlayer');
    expect(await refusal('mine', 7)).toBe('accepted');
    expect(await refusal('')).toBe('empty');
    expect(await refusal('bad token with spaces')).toBe('malformed');
  });
});

describe('App Store notices', () => {
  it('a REFUND takes the balance to zero, records the rest as debt, and a duplicate is processed once', async () => {
    const userId = await player();
    const t = appleTransaction();
    const order = await deliveredOrder(userId, 'apple', t.transactionId, t.originalTransactionId);
    await setGems(userId, 40);
    const refunded = await signApple(chain, { ...t, revocationDate: Date.now(), revocationReason: 0 });
    const notice = await signApple(chain, appleNotice('REFUND', refunded));
    const res = await postApple(notice);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.outcome).toBe('processed');
    expect(await gems(userId)).toBe(0);
    const db = ctx.database.db;
    const [o] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(o.refundState).toBe('refunded');
    const [debt] = await db.select().from(playerDebts).where(eq(playerDebts.userId, userId));
    expect(debt).toMatchObject({ kind: 'gem', amount: 60 });
    const [refund] = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(refund).toMatchObject({
      clawback: 'takeBack',
      taken: [{ kind: 'gem', amount: 40 }],
      debt: [{ kind: 'gem', amount: 60 }],
    });

    // The same notice again (Apple retries): answered, nothing applied twice.
    await setGems(userId, 500);
    const again = await postApple(notice);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.outcome).toBe('duplicate');
    expect(await gems(userId)).toBe(500);
    const refunds = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(refunds).toHaveLength(1);

    // The event log and the console's refund screens show it.
    const events = await ctx.adminOk('GET', `/api/v1/users/log?userId=${userId}&page=1&pageSize=20`);
    expect(events.list.map((e: { type: string }) => e.type)).toContain('refundClawback');
    const list = await ctx.adminOk('GET', `/api/v1/order/refunds?userId=${userId}&page=1&pageSize=10`);
    expect(list.list[0]).toMatchObject({ orderId: order.id, clawback: 'takeBack', platform: 'apple', price: '4.99' });
    const players = await ctx.adminOk('GET', `/api/v1/game-user/refunds?userId=${userId}&page=1&pageSize=10`);
    expect(players.list[0]).toMatchObject({ userId, refunds: 1, amounts: [{ currency: 'USD', amount: '4.99' }] });
    expect(players.list[0].debts[0]).toMatchObject({ kind: 'gem', amount: 60 });
    const debts = await ctx.adminOk('GET', `/api/v1/game-user/debts?userId=${userId}`);
    expect(debts.debts).toEqual([expect.objectContaining({ kind: 'gem', amount: 60 })]);
  });

  it('refuses a forged notice (another root, a tampered payload, noise) with 400 and writes nothing', async () => {
    const userId = await player();
    const t = appleTransaction();
    await deliveredOrder(userId, 'apple', t.transactionId);
    const before = await ctx.fingerprint();
    const forged = await signApple(otherChain, appleNotice('REFUND', await signApple(otherChain, t)));
    const good = await signApple(chain, appleNotice('REFUND', await signApple(chain, t)));
    const [h, , s] = good.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify(appleNotice('REFUND', undefined))).toString('base64url')}.${s}`;
    for (const payload of [forged, tampered, 'not a jws', 'x'.repeat(200_000)]) {
      const res = await postApple(payload);
      expect(res.statusCode, res.body).toBe(400);
    }
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/store/v1/apple/notifications', payload: {} });
    expect(missing.statusCode).toBe(400);
    const after = await ctx.fingerprint();
    expect(after.store_notifications).toBe(before.store_notifications);
    expect(after.order_refunds).toBe(before.order_refunds);
    expect(await gems(userId)).toBe(150);
  });

  it('keeps an unknown type as ignored, dead-letters a missing order, answers a consumption request', async () => {
    const renew = await postApple(
      await signApple(chain, appleNotice('DID_RENEW', await signApple(chain, appleTransaction()))),
    );
    expect(renew.statusCode).toBe(200);
    expect(renew.json().data.outcome).toBe('ignored');

    const stranger = appleTransaction();
    const lost = await postApple(await signApple(chain, appleNotice('REFUND', await signApple(chain, stranger))));
    expect(lost.statusCode).toBe(200);
    expect(lost.json().data.outcome).toBe('deadLettered');
    const db = ctx.database.db;
    const letters = await db.select().from(orderDeadLetters).where(eq(orderDeadLetters.kind, 'notification'));
    expect(
      letters.some(
        (l) =>
          l.reason === 'orderMissing' &&
          (l.detail as { transactionId?: string }).transactionId === stranger.transactionId,
      ),
    ).toBe(true);

    const userId = await player();
    const t = appleTransaction();
    await deliveredOrder(userId, 'apple', t.transactionId);
    const ask = await postApple(await signApple(chain, appleNotice('CONSUMPTION_REQUEST', await signApple(chain, t))));
    expect(ask.statusCode, ask.body).toBe(200);
    expect(ask.json().data.outcome).toBe('processed');
    // The job answers through the library's API client (bearer JWT checked by the local server).
    for (let i = 0; i < 100 && !server.state.consumption.some((c) => c.transactionId === t.transactionId); i += 1)
      await new Promise((r) => setTimeout(r, 100));
    const sent = server.state.consumption.find((c) => c.transactionId === t.transactionId);
    expect(sent?.body).toMatchObject({
      deliveryStatus: 'DELIVERED',
      customerConsented: true,
      sampleContentProvided: false,
    });
  });

  it('a notice dead-lettered for a missing order is retried from the queue: failing again keeps one letter, then it refunds once', async () => {
    const userId = await player();
    const t = appleTransaction();
    const refunded = await signApple(chain, { ...t, revocationDate: Date.now(), revocationReason: 0 });
    const lost = await postApple(await signApple(chain, appleNotice('REFUND', refunded)));
    expect(lost.json().data.outcome).toBe('deadLettered');
    const db = ctx.database.db;
    const waiting = async () =>
      (await db.select().from(orderDeadLetters).where(eq(orderDeadLetters.kind, 'notification'))).filter(
        (l) => (l.detail as { transactionId?: string }).transactionId === t.transactionId,
      );
    const [letter] = await waiting();
    expect(letter).toMatchObject({ state: 'waiting', reason: 'orderMissing', attempts: 1 });

    // Still no order: the retry says why, and the same letter waits with one more attempt.
    const still = await ctx.adminOk('POST', `/api/v1/purchase/dlq/${letter.id}/retry`);
    expect(still).toMatchObject({ order: null, delivered: false, reason: 'orderMissing' });
    expect(await waiting()).toEqual([expect.objectContaining({ id: letter.id, state: 'waiting', attempts: 2 })]);

    // The order arrives (the game's purchase came late): the retry applies the refund, once.
    const order = await deliveredOrder(userId, 'apple', t.transactionId, t.originalTransactionId);
    expect(await gems(userId)).toBe(150);
    const done = await ctx.adminOk('POST', `/api/v1/purchase/dlq/${letter.id}/retry`);
    expect(done).toMatchObject({ delivered: true, reason: null, order: expect.objectContaining({ id: order.id }) });
    expect(await gems(userId)).toBe(50);
    expect(await waiting()).toEqual([expect.objectContaining({ id: letter.id, state: 'retried' })]);
    const again = await ctx.admin('POST', `/api/v1/purchase/dlq/${letter.id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).toHaveLength(1);
    expect(await gems(userId)).toBe(50);
  });

  it('a REFUND_REVERSED marks the order reversed; the refund is not applied again', async () => {
    const userId = await player();
    const t = appleTransaction();
    const order = await deliveredOrder(userId, 'apple', t.transactionId);
    const signed = await signApple(chain, t);
    expect((await postApple(await signApple(chain, appleNotice('REFUND', signed)))).json().data.outcome).toBe(
      'processed',
    );
    expect((await postApple(await signApple(chain, appleNotice('REFUND_REVERSED', signed)))).json().data.outcome).toBe(
      'processed',
    );
    const [o] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(o.refundState).toBe('reversed');
    await setGems(userId, 1000);
    expect((await postApple(await signApple(chain, appleNotice('REFUND', signed)))).json().data.outcome).toBe(
      'processed',
    );
    expect(await gems(userId)).toBe(1000);
  });
});

describe('Google RTDN', () => {
  const voided = (orderId: string, purchaseToken: string) => ({
    version: '1.0',
    packageName: PKG,
    eventTimeMillis: String(Date.now()),
    voidedPurchaseNotification: { purchaseToken, orderId, productType: 2, refundType: 1 },
  });

  it('a voided purchase pushed with a valid OIDC token refunds the order once', async () => {
    const userId = await player();
    const orderId = `GPA.4444-${Date.now()}`;
    const order = await deliveredOrder(userId, 'google', orderId, `ptok-${randomUUID()}`);
    const messageId = `msg-${randomUUID()}`;
    const res = await postGoogle(voided(orderId, order.originalTransactionId!), pushToken(keys, AUDIENCE), messageId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.outcome).toBe('processed');
    expect(await gems(userId)).toBe(50);
    const again = await postGoogle(voided(orderId, order.originalTransactionId!), pushToken(keys, AUDIENCE), messageId);
    expect(again.json().data.outcome).toBe('duplicate');
    expect(await gems(userId)).toBe(50);
  });

  it('refuses a push without a token, with another audience, signed by another key, or malformed', async () => {
    const before = await ctx.fingerprint();
    const body = voided('GPA.none', 'tok');
    expect((await postGoogle(body)).statusCode).toBe(401);
    expect((await postGoogle(body, pushToken(keys, 'https://elsewhere.example'))).statusCode).toBe(401);
    expect((await postGoogle(body, pushToken(keys, AUDIENCE, {}, keys.account.privateKey))).statusCode).toBe(401);
    expect((await postGoogle(body, pushToken(keys, AUDIENCE, { email: 'someone@example.com' }))).statusCode).toBe(401);
    expect((await postGoogle({ ...body, packageName: 'com.other' }, pushToken(keys, AUDIENCE))).statusCode).toBe(400);
    expect((await postGoogle({ version: '1.0', packageName: PKG }, pushToken(keys, AUDIENCE))).statusCode).toBe(400);
    const garbage = await ctx.app.inject({
      method: 'POST',
      url: '/api/store/v1/google/notifications',
      headers: { authorization: `Bearer ${pushToken(keys, AUDIENCE)}` },
      payload: { message: { data: '!!!not base64 json', messageId: 'm1' } },
    });
    expect(garbage.statusCode).toBe(400);
    const after = await ctx.fingerprint();
    expect(after.store_notifications).toBe(before.store_notifications);
  });

  it('a test notification is kept as ignored', async () => {
    const res = await postGoogle(
      { version: '1.0', packageName: PKG, eventTimeMillis: String(Date.now()), testNotification: { version: '1.0' } },
      pushToken(keys, AUDIENCE),
    );
    expect(res.json().data.outcome).toBe('ignored');
  });
});

describe('refund poll and console clawback', () => {
  it("finds refunds in Google's voided purchases and Apple's refund history", async () => {
    const g = await player();
    const a = await player();
    const gOrder = `GPA.5555-${Date.now()}`;
    const gToken = `ptok-${randomUUID()}`;
    await deliveredOrder(g, 'google', gOrder, gToken);
    const t = appleTransaction();
    const aOrder = await deliveredOrder(a, 'apple', t.transactionId, t.originalTransactionId);
    server.state.voided.push({
      purchaseToken: gToken,
      orderId: gOrder,
      purchaseTimeMillis: String(Date.now() - 60_000),
      voidedTimeMillis: String(Date.now() - 1000),
      voidedSource: 0,
      voidedReason: 1,
    });
    server.state.refunds.set(t.transactionId, [await signApple(chain, { ...t, revocationDate: Date.now() })]);
    const apis: StoreApis = {
      settings: stores,
      google: googleApi(stores.google!),
      apple: appleApi(stores.apple!),
      appleVerifier: appleVerifier(stores.apple!),
    };
    const db = ctx.database.db;
    const audits: unknown[] = [];
    const run = {
      db,
      now: new Date(),
      step: <T>(fn: (tx: typeof db) => Promise<T>) => db.transaction(fn),
      audit: async (_: unknown, entries: unknown[]) => {
        audits.push(...entries);
      },
    };
    const found = await pollStoreRefunds(apis, run);
    expect(found.google).toBeGreaterThanOrEqual(1);
    expect(found.apple).toBeGreaterThanOrEqual(1);
    const [o] = await db.select().from(orders).where(eq(orders.id, aOrder.id));
    expect(o.refundState).toBe('refunded');
    expect(await gems(g)).toBe(50);
    expect(await gems(a)).toBe(50);
    // Polled again: nothing new.
    expect(await pollStoreRefunds(apis, { ...run, now: new Date() })).toEqual({ google: 0, apple: 0 });
    expect(audits.length).toBeGreaterThan(0);
  });

  it('an operator applies a take-back to a refund recorded with none, once', async () => {
    const userId = await player();
    const t = appleTransaction();
    const order = await deliveredOrder(userId, 'apple', t.transactionId);
    const db = ctx.database.db;
    const { recordStoreRefund } = await import('./refunds.js');
    await db.transaction((tx) =>
      recordStoreRefund(
        tx,
        { order, state: 'refunded', at: new Date(), source: 'store', clawback: 'none' },
        new Date(),
      ),
    );
    expect(await gems(userId)).toBe(150);
    const [refund] = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    const applied = await ctx.adminOk('PUT', `/api/v1/order/refunds/${refund.id}/clawback`, { clawback: 'takeBack' });
    expect(applied).toMatchObject({ clawback: 'takeBack', taken: [{ kind: 'gem', amount: 100 }], debt: [] });
    expect(await gems(userId)).toBe(50);
    const twice = await ctx.admin('PUT', `/api/v1/order/refunds/${refund.id}/clawback`, { clawback: 'takeBack' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toMatch(/already taken back/);
    expect(await gems(userId)).toBe(50);
    const bad = await ctx.admin('PUT', `/api/v1/order/refunds/${refund.id}/clawback`, { clawback: 'none' });
    expect(bad.statusCode).toBe(400);
    const audit = await db.execute(sql`select action from audit_log where target = ${`orderRefund:${refund.id}`}`);
    expect((audit as unknown as { rows: unknown[] }).rows.length).toBe(1);
  });

  it('a refund with the flag clawback files a suspicious-player record', async () => {
    const userId = await player();
    const t = appleTransaction();
    const order = await deliveredOrder(userId, 'apple', t.transactionId);
    const { recordStoreRefund } = await import('./refunds.js');
    await ctx.database.db.transaction((tx) =>
      recordStoreRefund(
        tx,
        { order, state: 'refunded', at: new Date(), source: 'store', clawback: 'flag' },
        new Date(),
      ),
    );
    const list = await ctx.adminOk('GET', `/api/v1/game-users/suspicious?userId=${userId}&page=1&pageSize=10`);
    expect(list.list[0]).toMatchObject({ userId, rule: 'storeRefund' });
    expect(await gems(userId)).toBe(150);
    const stored = await ctx.database.db.select().from(storeNotifications).limit(1);
    expect(stored.length).toBeGreaterThanOrEqual(0);
  });
});
