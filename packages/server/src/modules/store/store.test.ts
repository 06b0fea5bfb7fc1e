import { GIFT_PACK_PERIOD_HOURS } from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { recordPurchase } from './service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const PRICE = '/api/v1/resources/priceLevel';
const PURCHASE = '/api/v1/purchase';
const PRODUCT = '/api/v1/resources/product';
const GIFT = '/api/v1/resources/giftPack';
const STORE = '/api/v1/resources/store';
const T0 = new Date('2026-06-01T10:00:00Z');

const call: typeof ctx.admin = (...args) => ctx.admin(...args);

const ok: typeof ctx.adminOk = (...args) => ctx.adminOk(...args);

/** What the game's servers get for one player. */
async function storeOf(userId: number, etag?: string) {
  const { data, ...rest } = await ctx.gameRead(`/api/game/v1/players/${userId}/store`, etag);
  return { ...rest, store: data };
}

let nextPlayer = 1_000;
async function player(attrs: { os?: string; country?: string; level?: number } = {}) {
  nextPlayer += 1;
  const state = JSON.stringify({ achievementLevel: attrs.level ?? 0 });
  await ctx.database.db.execute(
    sql`insert into players (id, state, os, country, first_login_at, updated_at) values (${nextPlayer}, ${state}::jsonb, ${attrs.os ?? 'ios'}, ${attrs.country ?? 'US'}, now(), now())`,
  );
  return nextPlayer;
}

const priceLevel = (name: string, tier: string, platform: string, sku: string, amount = 0.99) => ({
  name,
  tier,
  platform,
  sku,
  prices: [
    { currency: 'USD', amount },
    { currency: 'CNY', amount: 6 },
  ],
});
const iap = (over: Record<string, unknown> = {}) => ({
  title: 'Gem pile',
  description: 'A pile of gems',
  priceLevel: 'tier1',
  isIAP: true,
  isGiftPack: false,
  consumingType: 'consumable',
  rewards: [{ kind: 'gem', amount: 100 }],
  ...over,
});
const product = (name: string, over: Record<string, unknown> = {}) => ({
  name,
  title: `Product ${name}`,
  cost: { kind: 'gem', amount: 10 },
  rewards: [{ kind: 'coin', amount: 1000 }],
  ...over,
});
const giftPack = (name: string, purchaseId: number, over: Record<string, unknown> = {}) => ({
  name,
  purchaseId,
  discountMode: 'percent',
  discount: 30,
  isEffective: true,
  weight: 10,
  colour: 'Orange',
  ...over,
});

/** Rows of a kind now (a refused save must leave it as it was). */
const fingerprint = async () =>
  (
    (await ctx.database.db.execute(
      sql`select kind, key, version from resource_items order by kind, key`,
    )) as unknown as {
      rows: unknown[];
    }
  ).rows;

describe('store catalogue cross-checks', () => {
  beforeEach(() => ctx.clock.set(T0));

  it('refuses each bad save with a field message and changes nothing', async () => {
    await ok('POST', PRICE, priceLevel('ios_t1', 'tier1', 'ios', 'com.game.gems1'));
    await ok('POST', PRICE, priceLevel('android_t1', 'tier1', 'android', 'gems1'));
    const before = await fingerprint();

    const refusals: [string, string, unknown, number, { field: string; message: string }[], string?][] = [
      [
        'SKU taken on the platform',
        PRICE,
        priceLevel('ios_t2', 'tier2', 'ios', 'com.game.gems1'),
        409,
        [{ field: 'sku', message: 'Another price level of this platform has this SKU' }],
      ],
      [
        'tier priced twice on a platform',
        PRICE,
        priceLevel('ios_t1b', 'tier1', 'ios', 'com.game.other'),
        409,
        [{ field: 'platform', message: 'This tier already has a price level on this platform' }],
      ],
      [
        'currency code',
        PRICE,
        { ...priceLevel('x', 'tier9', 'ios', 'x9'), prices: [{ currency: 'usd', amount: 1 }] },
        400,
        [{ field: 'prices.0.currency', message: 'A currency is three capital letters (ISO 4217, e.g. USD)' }],
      ],
      [
        'price level missing',
        PURCHASE,
        iap({ priceLevel: 'tier7' }),
        400,
        [{ field: 'priceLevel', message: 'No such price level' }],
        'Price level "tier7" does not exist',
      ],
      [
        'reward outside the game catalogue',
        PURCHASE,
        iap({ rewards: [{ kind: 'diamond', amount: 1 }] }),
        400,
        [{ field: 'rewards.0.kind', message: expect.any(String) as never }],
      ],
      [
        'level gate the wrong way round',
        PURCHASE,
        iap({ minLevel: 10, maxLevel: 5 }),
        400,
        [{ field: 'maxLevel', message: 'The maximum level cannot be below the minimum' }],
      ],
      [
        'window ends before it starts',
        PRODUCT,
        { ...product('p1'), effectiveAt: '2026-06-02T00:00:00Z', expireAt: '2026-06-01T00:00:00Z' },
        400,
        [{ field: 'expireAt', message: 'The expiry must be after the start' }],
      ],
      [
        'IAP item whose window has ended by the service clock',
        PURCHASE,
        { ...iap(), effectiveAt: '2026-05-01T00:00:00Z', expireAt: '2026-06-01T09:00:00Z' },
        400,
        [{ field: 'expireAt', message: 'The expiry has passed: once published, no player would see it' }],
        'The expiry has passed: once published, no player would see it',
      ],
      [
        'store slot names no product',
        STORE,
        { name: 's1', title: 'Shop', kind: 'static', slots: [{ product: 'nope' }] },
        400,
        [{ field: 'slots', message: 'The item this refers to does not exist' }],
      ],
    ];
    for (const [what, url, body, status, errors, msg] of refusals) {
      const res = await call('POST', url, body);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
      expect(res.json().errors, what).toEqual(errors);
      if (msg) expect(res.json().msg, what).toBe(msg);
    }
    // The same SKU on the other platform is another product of the store.
    await ok('POST', PRICE, priceLevel('android_t2', 'tier2', 'android', 'com.game.gems1'));
    await ctx.call('DELETE', `${PRICE}/android_t2`, { token: ctx.adminToken });
    expect(await fingerprint()).toEqual(before);
  });

  it('checks gift packs: discount and weight in range, the item must be a gift-pack item', async () => {
    const plain = await ok('POST', PURCHASE, iap({ title: 'Plain' }));
    const pack = await ok('POST', PURCHASE, iap({ title: 'Pack', isGiftPack: true }));
    const before = await fingerprint();
    const cases: [unknown, string, string][] = [
      [giftPack('g', pack.id, { discount: 120 }), 'discount', 'The discount percent is a whole number from 1 to 99'],
      [
        giftPack('g', pack.id, { discountMode: 'times', discount: 0.5 }),
        'discount',
        'The times value is from 1.1 to 100, at most one decimal',
      ],
      [giftPack('g', pack.id, { weight: 0 }), 'weight', 'The weight is a whole number from 1 to 10000'],
      [giftPack('g', pack.id, { colour: 'Blue' }), 'colour', 'The colour is Eggplant, Orange or Rose'],
      [giftPack('g', plain.id), 'purchaseId', 'This IAP item is not marked as a gift pack'],
      [giftPack('g', 99_999), 'purchaseId', 'The item this refers to does not exist'],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('POST', GIFT, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual([{ field, message }]);
    }
    expect(await fingerprint()).toEqual(before);
    // In Chinese too.
    const zh = await call('POST', GIFT, giftPack('g', pack.id, { weight: 0 }), 'zh-CN');
    expect(zh.json().errors).toEqual([{ field: 'weight', message: '权重应为 1 到 10000 的整数' }]);
  });

  it('refuses to delete what is used, saying where', async () => {
    await ok('POST', PRODUCT, product('shield'));
    await ok('POST', STORE, { name: 'dailyShop', title: 'Daily', kind: 'static', slots: [{ product: 'shield' }] });
    const item = await ok('POST', PURCHASE, iap({ title: 'Used', isGiftPack: true, priceLevel: 'tier1' }));
    await ok('POST', GIFT, giftPack('usedPack', item.id));

    const product409 = await ctx.call('DELETE', `${PRODUCT}/shield`, { token: ctx.adminToken, locale: 'en-US' });
    expect(product409.statusCode).toBe(409);
    expect(product409.json().msg).toBe('Still referred to, cannot be deleted: Store dailyShop (slots)');
    const item409 = await ctx.call('DELETE', `${PURCHASE}/${item.id}`, { token: ctx.adminToken, locale: 'zh-CN' });
    expect(item409.statusCode).toBe(409);
    expect(item409.json().msg).toBe('仍被引用，不能删除：礼包 usedPack (purchaseId)');
    const price409 = await ctx.call('DELETE', `${PRICE}/ios_t1`, { token: ctx.adminToken, locale: 'en-US' });
    expect(price409.statusCode).toBe(409);
    expect(price409.json().msg).toMatch(/^Still in use, cannot be deleted: IAP item \d+ \(priceLevel\)/);
    // Un-marking a gift-pack item a pack sells is refused too.
    const unmark = await call('PUT', `${PURCHASE}/${item.id}`, iap({ title: 'Used', isGiftPack: false }));
    expect(unmark.statusCode).toBe(409);
    expect(unmark.json().errors).toEqual([{ field: 'isGiftPack', message: 'Gift packs still sell this item' }]);
    // Once nothing uses it, it goes.
    expect((await ctx.call('DELETE', `${GIFT}/usedPack`, { token: ctx.adminToken })).statusCode).toBe(200);
    expect((await ctx.call('DELETE', `${PURCHASE}/${item.id}`, { token: ctx.adminToken })).statusCode).toBe(200);
  });
});

describe("the spec's /purchase calls", () => {
  it('answer their documented shapes and keep versions, diff and restore', async () => {
    const created = await ok('POST', PURCHASE, iap({ title: 'Spec item', isGiftPack: true }));
    expect(created).toMatchObject({
      title: 'Spec item',
      priceLevel: 'tier1',
      isIAP: true,
      isGiftPack: true,
      version: 1,
    });
    const id = created.id as number;

    const page = await call('GET', `${PURCHASE}?pageSize=2&page=1`);
    expect(page.statusCode).toBe(200);
    const data = page.json().data;
    expect(Object.keys(data).sort()).toEqual(['list', 'pagination']);
    expect(data.pagination).toMatchObject({ page: 1, pageSize: 2 });
    expect(data.pagination.total).toBeGreaterThanOrEqual(3);
    expect(data.list).toHaveLength(2);

    const all = (await call('GET', `${PURCHASE}/all?filterType=all`)).json().data.list as {
      id: number;
      isGiftPack: boolean;
    }[];
    expect(all.length).toBe(data.pagination.total);
    const packs = (await call('GET', `${PURCHASE}/all?filterType=giftPack`)).json().data.list as {
      isGiftPack: boolean;
    }[];
    expect(packs.length).toBeGreaterThan(0);
    expect(packs.every((p) => p.isGiftPack)).toBe(true);
    expect((await call('GET', `${PURCHASE}/all?filterType=nope`)).statusCode).toBe(400);

    expect((await call('GET', `${PURCHASE}/${id}`)).json().data).toMatchObject({ id, title: 'Spec item' });
    await ok('PUT', `${PURCHASE}/${id}`, iap({ title: 'Spec item v2', isGiftPack: true, comment: 'rename' }));
    const history = (await call('GET', `${PURCHASE}/${id}/versions`)).json().data;
    expect(history.list.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const v1 = (await call('GET', `${PURCHASE}/${id}/versions/1`)).json().data;
    expect(v1.document.title).toBe('Spec item');
    const restored = await ok('POST', `${PURCHASE}/${id}/versions/1/restore`, { comment: 'back' });
    expect(restored).toMatchObject({ title: 'Spec item', version: 3 });

    const equips = (await call('GET', `${PURCHASE}/equips`)).json().data.list as { kind: string }[];
    expect(equips.map((e) => e.kind)).toContain('gem');
    expect(equips.map((e) => e.kind)).toContain('penguin_emperor');
  });
});

describe("mail's iapId", () => {
  it('names an IAP item of the catalogue', async () => {
    await ok('POST', PRICE, priceLevel('mail_t', 'tierMail', 'ios', 'com.game.mail'));
    const item = await ok('POST', PURCHASE, iap({ title: 'Mailed', priceLevel: 'tierMail' }));
    const mail = (iapId: string) =>
      call('POST', '/api/v1/email', {
        mailScope: 'global',
        title: { 'en-US': 'Thanks' },
        content: { 'en-US': 'For your purchase' },
        expireAt: new Date(T0.getTime() + 86_400_000).toISOString(),
        iapId,
      });
    ctx.clock.set(T0);
    const missing = await mail('424242');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ field: 'iapId', message: 'No IAP item has this ID' }]);
    const sent = await mail(String(item.id));
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.iapId).toBe(String(item.id));
  });
});

describe("the game's store", () => {
  beforeAll(async () => {
    ctx.clock.set(T0);
    // Clear the catalogue the tests above left, in dependency order.
    await ctx.database.db.execute(
      sql`delete from resource_items where kind in ('store','giftPack','product','purchaseItem') or (kind = 'priceLevel' and key not in ('ios_t1','android_t1'))`,
    );
    await ctx.database.db.execute(sql`delete from resource_refs`);
  });
  beforeEach(() => ctx.clock.set(T0));

  it('shows and hides by condition, window, level, purchase limit and platform, priced per platform', async () => {
    await ok('POST', PRODUCT, product('always'));
    await ok('POST', PRODUCT, product('usOnly', { conditions: [{ attr: 'country', op: 'include', value: ['US'] }] }));
    await ok('POST', PRODUCT, { ...product('later'), effectiveAt: '2026-06-02T00:00:00Z' });
    await ok('POST', PRODUCT, product('veteran', { minLevel: 10 }));
    await ok('POST', PRODUCT, product('once', { repurchaseLimit: 1 }));
    const gems = await ok('POST', PURCHASE, iap({ title: 'Gems' }));
    await ok('POST', PRICE, priceLevel('ios_t5', 'tier5', 'ios', 'com.game.tier5', 4.99));
    const iosOnly = await ok('POST', PURCHASE, iap({ title: 'iOS only', priceLevel: 'tier5' }));
    await ok('POST', STORE, {
      name: 'main',
      title: 'Main',
      kind: 'static',
      slots: [{ product: 'veteran' }, { product: 'always' }, { product: 'once' }],
    });

    const us = await player({ os: 'ios', country: 'US', level: 3 });
    const cn = await player({ os: 'android', country: 'CN', level: 12 });
    const names = (list: { name: string }[]) => list.map((p) => p.name);

    const a = (await storeOf(us)).store;
    expect(names(a.products).sort()).toEqual(['always', 'once', 'usOnly']);
    expect(names(a.levelProducts)).toEqual([]);
    expect(a.stores[0].products).toEqual(['always', 'once']);
    expect(a.purchaseItems.map((i: { id: number }) => i.id).sort()).toEqual([gems.id, iosOnly.id].sort());
    const gemsForUs = a.purchaseItems.find((i: { id: number }) => i.id === gems.id);
    expect(gemsForUs.price).toEqual({
      platform: 'ios',
      sku: 'com.game.gems1',
      prices: [
        { currency: 'USD', amount: 0.99 },
        { currency: 'CNY', amount: 6 },
      ],
    });

    const b = (await storeOf(cn)).store;
    expect(names(b.products).sort()).toEqual(['always', 'once']);
    expect(names(b.levelProducts)).toEqual(['veteran']);
    expect(b.stores[0].products).toEqual(['veteran', 'always', 'once']);
    // No Android price level for tier5: the Android player does not see it.
    expect(b.purchaseItems.map((i: { id: number; price: { sku: string } }) => [i.id, i.price.sku])).toEqual([
      [gems.id, 'gems1'],
    ]);

    // A purchase limit reached hides the product (delivery records purchases).
    await recordPurchase(ctx.database.db, us, 'product:once', T0);
    const after = (await storeOf(us)).store;
    expect(names(after.products).sort()).toEqual(['always', 'usOnly']);
    expect(after.stores[0].products).toEqual(['always']);

    // The window opens at the server clock.
    ctx.clock.set('2026-06-02T00:00:01Z');
    expect(names((await storeOf(us)).store.products).sort()).toEqual(['always', 'later', 'usOnly']);

    // Preview as player: the same answer, with why each hidden item is hidden.
    ctx.clock.set(T0);
    const preview = (await call('GET', `/api/v1/store/preview/${us}`)).json().data;
    expect(preview.store).toEqual((await storeOf(us)).store);
    expect(preview.level).toBe(3);
    const why = Object.fromEntries(
      preview.hidden.map((h: { kind: string; key: string; store?: string; reason: string }) => [
        `${h.kind}:${h.store ? `${h.store}/` : ''}${h.key}`,
        h.reason,
      ]),
    );
    expect(why).toMatchObject({
      'product:later': 'scheduled',
      'product:veteran': 'levelBelow',
      'product:once': 'soldOut',
      'storeSlot:main/veteran': 'levelBelow',
    });
    expect(why['product:usOnly']).toBeUndefined();
    const cnWhy = (await call('GET', `/api/v1/store/preview/${cn}`)).json().data.hidden as {
      key: string;
      reason: string;
    }[];
    expect(cnWhy).toContainEqual({ kind: 'product', key: 'usOnly', reason: 'conditions' });
    expect(cnWhy).toContainEqual({ kind: 'purchaseItem', key: String(iosOnly.id), reason: 'noPrice' });

    expect((await storeOf(999_999)).status).toBe(404);

    // A missing player is a record's 404: its message and key, no address (issue 41 item 6);
    // an address the server does not know says so, with the URL.
    const missing = await call('GET', '/api/v1/store/preview/999999', undefined, 'zh-CN');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 404, msg: '玩家不存在', key: 'player.notFound' });
    const unknown = await call('GET', '/api/v1/store/previews/999999', undefined, 'zh-CN');
    expect(unknown.json()).toEqual({
      code: 404,
      msg: '请求地址出错: /api/v1/store/previews/999999',
      key: 'http.404',
      unknownAddress: true,
    });
  });

  it('answers 304 while unchanged; restoring an older store version changes what the game sees', async () => {
    const p = await player({ os: 'ios', country: 'US', level: 20 });
    const first = await storeOf(p);
    expect((await storeOf(p, first.etag)).status).toBe(304);
    // A player alike gets the same body, hence the same tag (the shared head is hashed once, for both).
    const twin = await storeOf(await player({ os: 'ios', country: 'US', level: 20 }));
    expect(twin.store).toEqual(first.store);
    expect(twin.etag).toBe(first.etag);
    await ok('PUT', `${STORE}/main`, {
      name: 'main',
      title: 'Main v2',
      kind: 'static',
      slots: [{ product: 'always' }],
    });
    const changed = await storeOf(p);
    expect(changed.status).toBe(200);
    expect(changed.etag).not.toBe(first.etag);
    expect(changed.store.stores[0]).toMatchObject({ title: 'Main v2', products: ['always'] });
    await ok('POST', `${STORE}/main/versions/1/restore`, { comment: 'undo' });
    const restored = (await storeOf(p)).store;
    expect(restored.stores[0].title).toBe('Main');
    expect(restored.stores[0].products).toEqual(['veteran', 'always', 'once']);
    expect(restored).toEqual(
      first.store.version === restored.version ? first.store : { ...first.store, version: restored.version },
    );
  });

  it('picks gift packs by weight within ±2% over 10,000 players, stable within the period', async () => {
    const weights = { packA: 50, packB: 30, packC: 20 };
    for (const [name, weight] of Object.entries(weights)) {
      const item = await ok('POST', PURCHASE, iap({ title: name, isGiftPack: true }));
      await ok('POST', GIFT, giftPack(name, item.id, { weight }));
    }
    // A pack switched off is never picked.
    const off = await ok('POST', PURCHASE, iap({ title: 'off', isGiftPack: true }));
    await ok('POST', GIFT, giftPack('packOff', off.id, { weight: 1000, isEffective: false }));

    const first = 7_000_000;
    const count = 10_000;
    await ctx.database.db.execute(
      sql`insert into players (id, state, os, country, first_login_at, updated_at) select g, '{}'::jsonb, 'ios', 'US', now(), now() from generate_series(${first}::bigint, ${first + count - 1}::bigint) g`,
    );
    const pass = async () => {
      const picked = new Map<number, string>();
      for (let batch = first; batch < first + count; batch += 50) {
        const ids = Array.from({ length: 50 }, (_, i) => batch + i);
        const stores = await Promise.all(ids.map((id) => storeOf(id)));
        stores.forEach((s, i) => {
          expect(s.store.giftPacks).toHaveLength(1);
          picked.set(ids[i], s.store.giftPacks[0].name);
        });
      }
      return picked;
    };
    const picks = await pass();
    const total = Object.values(weights).reduce((a, b) => a + b, 0);
    for (const [name, weight] of Object.entries(weights)) {
      const share = [...picks.values()].filter((n) => n === name).length / count;
      expect(Math.abs(share - weight / total), `${name}: ${share}`).toBeLessThanOrEqual(0.02);
    }
    // Later in the same period every player keeps their pack; the next period picks again.
    ctx.clock.set(new Date(T0.getTime() + 60 * 60 * 1000));
    expect(await pass()).toEqual(picks);
    ctx.clock.set(new Date(T0.getTime() + GIFT_PACK_PERIOD_HOURS * 60 * 60 * 1000));
    const next = await pass();
    const moved = [...next].filter(([id, name]) => picks.get(id) !== name).length;
    expect(moved).toBeGreaterThan(count * 0.3);
  }, 300_000);
});
