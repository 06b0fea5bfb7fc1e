import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { receiptValidators } from './validators/index.js';
import { makeTestReceipt, type TestReceiptPayload, testValidator } from './validators/test-validator.js';

/**
 * Purchases through the game API (issue 42 items 1, 2 and 5): verified with the test validator,
 * delivered exactly once, refused with a reason and nothing written, dead-lettered and retried.
 */

let ctx: TestContext;
const T0 = new Date('2026-06-01T10:00:00Z');
const day = 86_400_000;
const at = (ms: number) => new Date(T0.getTime() + ms).toISOString();
const R = '/api/v1/resources';

let itemA = 0; // tier t1 (com.r.gems), 100 gems, USD 4.99
let itemB = 0; // tier t2 (com.r.big), 1000 gems, USD 19.99
let nextPlayer = 70_000;
let nextTx = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(T0);
  const level = (name: string, tier: string, sku: string, amount: number) =>
    ctx.adminOk('POST', `${R}/priceLevel`, {
      name,
      tier,
      platform: 'ios',
      sku,
      prices: [
        { currency: 'USD', amount },
        { currency: 'CNY', amount: amount * 7 },
      ],
    });
  await level('t1_ios', 't1', 'com.r.gems', 4.99);
  await level('t2_ios', 't2', 'com.r.big', 19.99);
  const item = async (title: string, priceLevel: string, amount: number) =>
    (
      await ctx.adminOk('POST', '/api/v1/purchase', {
        title,
        priceLevel,
        consumingType: 'consumable',
        rewards: [{ kind: 'gem', amount }],
      })
    ).id as number;
  itemA = await item('Gems', 't1', 100);
  itemB = await item('Big gems', 't2', 1000);
});
afterAll(() => ctx?.close());

async function player() {
  nextPlayer += 1;
  await ctx.database.db.execute(
    sql`insert into players (id, state, os, country, first_login_at, updated_at) values (${nextPlayer}, '{}'::jsonb, 'ios', 'US', now(), now())`,
  );
  return nextPlayer;
}

const receipt = (over: Partial<TestReceiptPayload> = {}) =>
  makeTestReceipt({
    transactionId: `tx-${++nextTx}`,
    sku: 'com.r.gems',
    price: '4.99',
    currency: 'USD',
    purchasedAt: T0.toISOString(),
    ...over,
  });

const buy = (userId: number, body: Record<string, unknown>, app?: TestContext['app']) =>
  app
    ? app.inject({
        method: 'POST',
        url: `/api/game/v1/players/${userId}/purchases`,
        headers: { 'x-game-key': 'test-game-key-0123456789', 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      })
    : ctx.game('POST', `/api/game/v1/players/${userId}/purchases`, { body });
const buyOk = async (userId: number, body: Record<string, unknown>) => {
  const res = await buy(userId, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

const gems = async (userId: number) => {
  const r = (await ctx.database.db.execute(
    sql`select coalesce((state->'resources'->>'gem')::numeric, 0) as gems, is_payer from players where id = ${userId}`,
  )) as unknown as { rows: { gems: string; is_payer: boolean }[] };
  return Number(r.rows[0].gems);
};
const rowsOf = async (query: ReturnType<typeof sql>) =>
  ((await ctx.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

describe('a purchase through the game API', () => {
  it('is verified and delivered once: the same receipt twice in a row is one order, one delivery', async () => {
    const p = await player();
    const body = { platform: 'test', productId: String(itemA), receipt: receipt({ userId: p }) };
    const first = await buyOk(p, body);
    expect(first).toMatchObject({ state: 'delivered', duplicate: false, rewards: [{ kind: 'gem', amount: 100 }] });
    const again = await buyOk(p, body);
    expect(again).toMatchObject({ orderId: first.orderId, state: 'delivered', duplicate: true });
    expect(await gems(p)).toBe(100);
    expect(await rowsOf(sql`select count(*)::int as n from orders where user_id = ${p}`)).toEqual([{ n: 1 }]);
    expect(await rowsOf(sql`select item, count from store_purchase_counts where user_id = ${p}`)).toEqual([
      { item: `purchaseItem:${itemA}`, count: 1 },
    ]);
    expect(await rowsOf(sql`select is_payer from players where id = ${p}`)).toEqual([{ is_payer: true }]);
    // The order keeps platform, transaction, product, price and currency, environment, validation, state.
    const [order] = await rowsOf(sql`select * from orders where id = ${first.orderId}`);
    expect(order).toMatchObject({
      platform: 'test',
      product_id: String(itemA),
      currency: 'USD',
      environment: 'sandbox',
      delivery_state: 'delivered',
    });
    expect(Number(order.price)).toBe(4.99);
    // What the validator found, never the receipt itself.
    expect(order.validation).toEqual({ validator: 'test', sku: 'com.r.gems' });
  });

  it('refuses an unknown player’s purchase with 404 and stores no order', async () => {
    const nobody = 1_999_999_999;
    const tx = `tx-${++nextTx}`;
    const res = await buy(nobody, {
      platform: 'test',
      productId: String(itemA),
      receipt: receipt({ userId: nobody, transactionId: tx }),
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(await rowsOf(sql`select count(*)::int as n from orders where transaction_id = ${tx}`)).toEqual([{ n: 0 }]);
  });

  it('doubles the first purchase of an item during "first purchase double", once; the purchase mail goes out', async () => {
    await ctx.adminOk('POST', `${R}/purchaseActivity`, {
      name: 'double',
      title: 'Double',
      kind: 'firstPurchaseDouble',
      purchaseIds: [itemB],
      effectiveAt: at(-day),
      expireAt: at(day),
    });
    const template = await ctx.adminOk('POST', '/api/v1/email/template', {
      theTable: 'mail',
      name: 'Thanks',
      title: { 'en-US': 'Thanks', 'zh-CN': '感谢' },
      content: { 'en-US': 'Thank you for your purchase', 'zh-CN': '感谢购买' },
    });
    await ctx.adminOk('POST', `${R}/purchaseMail`, { name: 'big_mail', purchaseId: itemB, template: template.id });
    const p = await player();
    const big = (over: Partial<TestReceiptPayload> = {}) => ({
      platform: 'test',
      productId: String(itemB),
      receipt: receipt({ sku: 'com.r.big', price: '19.99', ...over }),
    });
    expect((await buyOk(p, big())).rewards).toEqual([{ kind: 'gem', amount: 2000 }]);
    expect((await buyOk(p, big())).rewards).toEqual([{ kind: 'gem', amount: 1000 }]);
    expect(await gems(p)).toBe(3000);
    const mails = await rowsOf(
      sql`select m.iap_id, m.reward from player_mails pm join mails m on m.id = pm.mail_id where pm.user_id = ${p}`,
    );
    expect(mails).toEqual([
      { iap_id: String(itemB), reward: [] },
      { iap_id: String(itemB), reward: [] },
    ]);
    await ctx.admin('DELETE', `${R}/purchaseActivity/double`);
  });

  it('grants "spend N, get rewards" once per player and activity', async () => {
    await ctx.adminOk('POST', `${R}/purchaseActivity`, {
      name: 'spend9',
      title: 'Spend 9',
      kind: 'spendReward',
      spend: { currency: 'USD', amount: 9 },
      rewards: [{ kind: 'coin', amount: 500 }],
      effectiveAt: at(-day),
      expireAt: at(day),
    });
    const p = await player();
    const a = () => ({ platform: 'test', productId: String(itemA), receipt: receipt() });
    const coins = async () =>
      Number(
        (
          await rowsOf(
            sql`select coalesce((state->'resources'->>'coin')::numeric, 0) as c from players where id = ${p}`,
          )
        )[0].c,
      );
    await buyOk(p, a());
    expect(await coins()).toBe(0);
    await buyOk(p, a()); // 9.98 ≥ 9
    expect(await coins()).toBe(500);
    await buyOk(p, a());
    expect(await coins()).toBe(500);
    expect(await gems(p)).toBe(300);
    expect(await rowsOf(sql`select activity from order_spend_rewards where user_id = ${p}`)).toEqual([
      { activity: 'spend9' },
    ]);
    await ctx.admin('DELETE', `${R}/purchaseActivity/spend9`);
  });

  it('refuses a bad receipt with its reason, in the caller’s language, and changes nothing', async () => {
    const p = await player();
    const other = await player();
    const used = receipt();
    await buyOk(other, { platform: 'test', productId: String(itemA), receipt: used });
    // A product whose price level changed: the item moves from t1 to t2 after the receipt for t1's SKU.
    const moving = await ctx.adminOk('POST', '/api/v1/purchase', {
      title: 'Moving',
      priceLevel: 't2',
      consumingType: 'consumable',
      rewards: [{ kind: 'gem', amount: 1 }],
    });
    const good = receipt();
    const cases: [string, Record<string, unknown>, string][] = [
      ['empty', { platform: 'test', productId: String(itemA) }, 'empty'],
      ['blank', { platform: 'test', productId: String(itemA), receipt: '' }, 'empty'],
      ['truncated', { platform: 'test', productId: String(itemA), receipt: good.slice(0, -7) }, 'badSignature'],
      ['cut in half', { platform: 'test', productId: String(itemA), receipt: good.slice(0, 20) }, 'malformed'],
      ['unknown product', { platform: 'test', productId: '987654', receipt: good }, 'unknownProduct'],
      [
        'another product',
        { platform: 'test', productId: String(itemB), receipt: receipt({ sku: 'com.other' }) },
        'productMismatch',
      ],
      ['price level changed', { platform: 'test', productId: String(moving.id), receipt: good }, 'priceChanged'],
      [
        'price changed',
        { platform: 'test', productId: String(itemA), receipt: receipt({ price: '0.99' }) },
        'priceChanged',
      ],
      ['another player’s receipt', { platform: 'test', productId: String(itemA), receipt: used }, 'otherPlayer'],
      [
        'expired',
        {
          platform: 'test',
          productId: String(itemA),
          receipt: receipt({ expiresAt: new Date(ctx.clock.now().getTime() - 60_000).toISOString() }),
        },
        'expired',
      ],
      [
        'bought for another player',
        { platform: 'test', productId: String(itemA), receipt: receipt({ userId: other }) },
        'otherPlayer',
      ],
      [
        'no validator',
        { platform: 'apple', productId: String(itemA), signedTransaction: 'x.y.z' },
        'platformUnavailable',
      ],
    ];
    const before = await ctx.fingerprint();
    for (const [name, body, reason] of cases) {
      const res = await buy(p, body);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json().data, name).toEqual({ reason });
      expect(res.json().msg, name).not.toMatch(/order\.refused/);
    }
    const zh = await ctx.game('POST', `/api/game/v1/players/${p}/purchases`, {
      body: cases[0][1],
      locale: 'zh-CN',
    });
    expect(zh.json().msg).toContain('收据为空');
    // A megabyte of noise: refused by its length before anything reads it.
    const noise = await buy(p, { platform: 'test', productId: String(itemA), receipt: 'A'.repeat(1_000_000) });
    expect(noise.statusCode, noise.body).toBe(400);
    expect(noise.body).toContain('too long');
    expect(await ctx.fingerprint()).toEqual(before);
    expect(await gems(p)).toBe(0);
  });
});

describe('the dead-letter queue', () => {
  it('keeps a frozen player’s purchase until an operator retries it, then delivers it once', async () => {
    const p = await player();
    await ctx.database.db.execute(
      sql`update players set status = 'frozen', frozen_reason = 'cheating' where id = ${p}`,
    );
    const body = { platform: 'test', productId: String(itemA), receipt: receipt() };
    const first = await buyOk(p, body);
    expect(first).toMatchObject({ state: 'deadLettered', reason: 'playerFrozen', rewards: [] });
    expect(await gems(p)).toBe(0);
    const list = await ctx.adminOk('GET', `/api/v1/purchase/dlq?userId=${p}`);
    expect(list.list).toHaveLength(1);
    const letter = list.list[0];
    expect(letter).toMatchObject({ kind: 'delivery', reason: 'playerFrozen', state: 'waiting', attempts: 1 });
    expect(letter.detail).toContainEqual({ name: 'frozenReason', value: 'cheating' });
    // Sent again by the game: the same order, still waiting.
    expect(await buyOk(p, body)).toMatchObject({ orderId: first.orderId, duplicate: true, state: 'deadLettered' });

    // Still frozen: the retry fails again and says why; the letter counts the attempt.
    const failed = await ctx.adminOk('POST', `/api/v1/purchase/dlq/${letter.id}/retry`);
    expect(failed).toMatchObject({ delivered: false, reason: 'playerFrozen' });
    expect((await ctx.adminOk('GET', `/api/v1/purchase/dlq/${letter.id}`)).attempts).toBe(2);

    await ctx.database.db.execute(sql`update players set status = 'normal' where id = ${p}`);
    const retried = await ctx.adminOk('POST', `/api/v1/purchase/dlq/${letter.id}/retry`);
    expect(retried).toMatchObject({ delivered: true, order: { deliveryState: 'delivered' } });
    expect(await gems(p)).toBe(100);
    const again = await ctx.admin('POST', `/api/v1/purchase/dlq/${letter.id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(await buyOk(p, body)).toMatchObject({ state: 'delivered', duplicate: true });
    expect(await gems(p)).toBe(100);
    expect((await ctx.adminOk('GET', `/api/v1/purchase/dlq/${letter.id}`)).state).toBe('retried');
    const audit = await rowsOf(sql`select action, target from audit_log where target = ${`deadLetter:${letter.id}`}`);
    expect(audit.map((a) => a.action)).toEqual(['retryDeadLetter', 'retryDeadLetter']);
  });

  it('keeps a withdrawn product’s purchase; PUT /gm/user/order/{id} re-delivers it once', async () => {
    const p = await player();
    await ctx.database.db.execute(
      sql`update resource_items set expire_at = ${new Date(T0.getTime() - day)} where kind = 'purchaseItem' and key = ${String(itemA)}`,
    );
    const first = await buyOk(p, { platform: 'test', productId: String(itemA), receipt: receipt() });
    expect(first).toMatchObject({ state: 'deadLettered', reason: 'productWithdrawn' });
    await ctx.database.db.execute(
      sql`update resource_items set expire_at = null where kind = 'purchaseItem' and key = ${String(itemA)}`,
    );
    const done = await ctx.adminOk('PUT', `/api/v1/gm/user/order/${first.orderId}`);
    expect(done).toMatchObject({ delivered: true, order: { deliveryState: 'delivered' } });
    expect((await ctx.admin('PUT', `/api/v1/gm/user/order/${first.orderId}`)).statusCode).toBe(409);
    expect(await gems(p)).toBe(100);
    const letters = await ctx.adminOk('GET', `/api/v1/purchase/dlq?userId=${p}`);
    expect(letters.list.map((l: { state: string }) => l.state)).toEqual(['retried']);
  });

  it('discards a letter with a reason (audited); its order stays undelivered', async () => {
    const p = await player();
    await ctx.database.db.execute(sql`update players set status = 'frozen' where id = ${p}`);
    const first = await buyOk(p, { platform: 'test', productId: String(itemA), receipt: receipt() });
    const [letter] = (await ctx.adminOk('GET', `/api/v1/purchase/dlq?userId=${p}`)).list;
    const blank = await ctx.admin('POST', `/api/v1/purchase/dlq/${letter.id}/discard`, { reason: ' ' });
    expect(blank.statusCode).toBe(400);
    const discarded = await ctx.adminOk('POST', `/api/v1/purchase/dlq/${letter.id}/discard`, {
      reason: 'Fraudulent account',
    });
    expect(discarded).toMatchObject({ state: 'discarded', discardReason: 'Fraudulent account', resolvedBy: 'admin' });
    expect((await ctx.admin('PUT', `/api/v1/gm/user/order/${first.orderId}`)).statusCode).toBe(409);
    const audit = await rowsOf(sql`select action from audit_log where target = ${`deadLetter:${letter.id}`}`);
    expect(audit).toEqual([{ action: 'discardDeadLetter' }]);
  });
});

describe('orders and payments', () => {
  it('lists orders by filter with totals by currency, keyset paged; a player’s orders and payments', async () => {
    const p = await player();
    for (let i = 0; i < 3; i++) await buyOk(p, { platform: 'test', productId: String(itemA), receipt: receipt() });
    await buyOk(p, {
      platform: 'test',
      productId: String(itemA),
      receipt: receipt({ currency: 'CNY', price: '34.93' }),
    });
    const first = await ctx.adminOk('GET', `/api/v1/order/list?userId=${p}&pageSize=3`);
    expect(first.list).toHaveLength(3);
    expect(first.totals).toEqual([
      { currency: 'CNY', amount: '34.93', orders: 1 },
      { currency: 'USD', amount: '14.97', orders: 3 },
    ]);
    expect(first.list[0]).toMatchObject({ productTitle: 'Gems', deliveryState: 'delivered', userId: p });
    const next = await ctx.adminOk(
      'GET',
      `/api/v1/order/list?userId=${p}&pageSize=3&cursor=${encodeURIComponent(first.nextCursor)}`,
    );
    expect(next.list).toHaveLength(1);
    expect(next.nextCursor).toBeNull();
    const byTx = await ctx.adminOk('GET', `/api/v1/order/list?transactionId=${first.list[0].transactionId}`);
    expect(byTx.list.map((o: { id: number }) => o.id)).toEqual([first.list[0].id]);
    const none = await ctx.adminOk('GET', `/api/v1/order/list?userId=${p}&platform=apple`);
    expect(none).toMatchObject({ list: [], totals: [] });
    const badRange = await ctx.admin('GET', `/api/v1/order/list?start=${at(day)}&end=${at(0)}`);
    expect(badRange.statusCode).toBe(400);

    const mine = await ctx.adminOk('GET', `/api/v1/penguin/users/orders?userId=${p}&pageSize=10&page=1`);
    expect(mine.pagination).toEqual({ page: 1, pageSize: 10, total: 4 });
    expect(mine.list).toHaveLength(4);

    const pay = await ctx.adminOk('GET', `/api/v1/game-user/payment?userId=${p}`);
    expect(pay).toMatchObject({ userId: p, isPayer: true, orders: 4, firstPurchaseAt: T0.toISOString() });
    expect(pay.lifetime).toEqual(first.totals);
    expect(pay.history.pagination.total).toBe(4);
    expect((await ctx.admin('GET', '/api/v1/game-user/payment?userId=999999999')).statusCode).toBe(404);
  });
});

describe('the test validator', () => {
  it('refuses to run when NODE_ENV=production unless a setting allows it', async () => {
    const production = loadConfig({ NODE_ENV: 'production' });
    expect(() => testValidator(production.testReceipts)).toThrow(/NODE_ENV=production/);
    expect(receiptValidators(production).has('test')).toBe(false);
    const allowed = loadConfig({
      NODE_ENV: 'production',
      ROOKERY_TEST_RECEIPTS_IN_PRODUCTION: '1',
      ROOKERY_TEST_RECEIPT_SECRET: 'staging-secret-0123456789',
    });
    expect(receiptValidators(allowed).has('test')).toBe(true);
    // Allowed without its own secret: still off (the development secret is public).
    expect(
      receiptValidators(loadConfig({ NODE_ENV: 'production', ROOKERY_TEST_RECEIPTS_IN_PRODUCTION: '1' })).has('test'),
    ).toBe(false);
    // With its own secret, a receipt signed with the development one is refused.
    const v = testValidator(allowed.testReceipts);
    await expect(v.verify({ platform: 'test', userId: 1, productId: '1', receipt: receipt() })).rejects.toMatchObject({
      code: 'badSignature',
    });
    expect(receiptValidators(loadConfig({})).has('test')).toBe(true);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  it('delivers once when the same receipt is sent 50 times at once across two instances', async () => {
    const second = await createTestContext({ shareDatabaseOf: ctx });
    try {
      const p = await player();
      const body = { platform: 'test', productId: String(itemA), receipt: receipt({ userId: p }) };
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => buy(p, body, i % 2 ? second.app : ctx.app)),
      );
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
      const ids = new Set(answers.map((a) => a.json().data.orderId));
      expect(ids.size).toBe(1);
      expect(answers.filter((a) => !a.json().data.duplicate)).toHaveLength(1);
      expect(answers.every((a) => a.json().data.state === 'delivered')).toBe(true);
      expect(await gems(p)).toBe(100);
      expect(await rowsOf(sql`select count(*)::int as n from orders where user_id = ${p}`)).toEqual([{ n: 1 }]);
      expect(await rowsOf(sql`select count from store_purchase_counts where user_id = ${p}`)).toEqual([{ count: 1 }]);
      expect(
        await rowsOf(
          sql`select count(*)::int as n from player_events where user_id = ${p} and data->'source'->>'type' = 'purchase'`,
        ),
      ).toEqual([{ n: 1 }]);
    } finally {
      await second.close();
    }
  });
});
