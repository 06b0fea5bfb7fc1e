import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { recordPurchase } from './service.js';

/**
 * Purchase activities, the game's activities and reward tables, and the store's settings (item
 * settings, IAP settings, purchase mail, currencies): their cross-checks and what the game sees.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const R = '/api/v1/resources';
const T0 = new Date('2026-06-01T10:00:00Z');
const day = 86_400_000;
const at = (ms: number) => new Date(T0.getTime() + ms).toISOString();

const call: typeof ctx.admin = (...args) => ctx.admin(...args);
const ok: typeof ctx.adminOk = (...args) => ctx.adminOk(...args);
const game = async (url: string) => {
  const res = await ctx.game('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const fingerprint = () => ctx.fingerprint();

let nextPlayer = 5_000;
async function player(os = 'ios', level = 0) {
  nextPlayer += 1;
  const state = JSON.stringify({ achievementLevel: level });
  await ctx.database.db.execute(
    sql`insert into players (id, state, os, country, first_login_at, updated_at) values (${nextPlayer}, ${state}::jsonb, ${os}, 'US', now(), now())`,
  );
  return nextPlayer;
}

const activity = (name: string, over: Record<string, unknown> = {}) => ({
  name,
  title: `Activity ${name}`,
  kind: 'firstPurchaseDouble',
  effectiveAt: at(-day),
  expireAt: at(7 * day),
  ...over,
});

let gems = 0;
let pack = 0;
beforeAll(async () => {
  ctx.clock.set(T0);
  await ok('POST', `${R}/priceLevel`, {
    name: 'a_ios',
    tier: 'a1',
    platform: 'ios',
    sku: 'com.a.gems',
    prices: [{ currency: 'USD', amount: 1.99 }],
  });
  const item = (title: string, isGiftPack: boolean) =>
    ok('POST', '/api/v1/purchase', {
      title,
      priceLevel: 'a1',
      consumingType: 'consumable',
      isGiftPack,
      rewards: [{ kind: 'gem', amount: 50 }],
    });
  gems = (await item('Gems', false)).id;
  pack = (await item('Pack item', true)).id;
});

describe('purchase activities', () => {
  beforeEach(() => ctx.clock.set(T0));

  it('first purchase double lists the items a player has not bought, inside its window', async () => {
    await ok('POST', `${R}/purchaseActivity`, activity('double', { purchaseIds: [gems] }));
    await ok(
      'POST',
      `${R}/purchaseActivity`,
      activity('later', {
        kind: 'spendReward',
        spend: { currency: 'USD', amount: 50 },
        rewards: [{ kind: 'gem', amount: 500 }],
        effectiveAt: at(day),
      }),
    );
    const fresh = await player();
    const seen = await game(`/api/game/v1/players/${fresh}/store`);
    expect(seen.activities.map((a: { name: string }) => a.name)).toEqual(['double']);
    expect(seen.activities[0]).toMatchObject({ kind: 'firstPurchaseDouble', purchaseIds: [gems], endsAt: at(7 * day) });

    // Bought once: nothing left to double for this player, and the preview says why.
    const buyer = await player();
    await recordPurchase(ctx.database.db, buyer, `purchaseItem:${gems}`, T0);
    expect((await game(`/api/game/v1/players/${buyer}/store`)).activities).toEqual([]);
    const preview = (await call('GET', `/api/v1/store/preview/${buyer}`)).json().data;
    expect(preview.hidden).toContainEqual({ kind: 'activity', key: 'double', reason: 'allBought' });
    expect(preview.hidden).toContainEqual({ kind: 'activity', key: 'later', reason: 'scheduled' });

    // A day on, the spend activity starts.
    ctx.clock.set(new Date(T0.getTime() + day));
    const later = await game(`/api/game/v1/players/${fresh}/store`);
    expect(later.activities.map((a: { name: string }) => a.name).sort()).toEqual(['double', 'later']);
    expect(later.activities.find((a: { name: string }) => a.name === 'later')).toMatchObject({
      spend: { currency: 'USD', amount: 50 },
    });
  });

  it('refuses an activity without a window, a gift-pack item, a missing item or a spend without rewards', async () => {
    const before = await fingerprint();
    const refusals: [Record<string, unknown>, number, string, string][] = [
      [activity('nowin', { expireAt: null }), 400, 'expireAt', 'Enter the time (a start and an end are needed)'],
      [activity('packed', { purchaseIds: [pack] }), 400, 'purchaseIds', 'Gift-pack items are not doubled'],
      [activity('ghost', { purchaseIds: [999_999] }), 400, 'purchaseIds', ''],
      [
        activity('spend', { kind: 'spendReward', spend: { currency: 'USD', amount: 5 } }),
        400,
        'rewards',
        'Add at least one reward',
      ],
      [activity('nospend', { kind: 'spendReward', rewards: [{ kind: 'gem', amount: 1 }] }), 400, 'spend', ''],
    ];
    for (const [body, status, field, message] of refusals) {
      const res = await call('POST', `${R}/purchaseActivity`, body);
      expect(res.statusCode, `${body.name}: ${res.body}`).toBe(status);
      const errors = res.json().errors as { field: string; message: string }[];
      expect(
        errors.map((e) => e.field),
        String(body.name),
      ).toContain(field);
      if (message) expect(errors.find((e) => e.field === field)?.message).toBe(message);
    }
    expect(await fingerprint()).toEqual(before);
  });
});

describe('item settings', () => {
  it('a reward the item settings forbid or cap is refused on the rewards field, in the operator’s language', async () => {
    await ok('POST', `${R}/gameItem`, { kind: 'heart', grantable: false });
    await ok('POST', `${R}/gameItem`, { kind: 'cookie', maxPerGrant: 100 });
    const before = await fingerprint();
    const refused = await call(
      'POST',
      `${R}/product`,
      { name: 'hearts', title: 'Hearts', cost: { kind: 'gem', amount: 1 }, rewards: [{ kind: 'heart', amount: 1 }] },
      'zh-CN',
    );
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toEqual([{ field: 'rewards', message: '该道具不可作为奖励' }]);
    const capped = await call('POST', `${R}/activityReward`, {
      name: 'capped',
      title: 'Capped',
      rows: [{ goal: 1, rewards: [{ kind: 'cookie', amount: 101 }] }],
    });
    expect(capped.statusCode, capped.body).toBe(400);
    expect(capped.json().errors).toEqual([{ field: 'rows.0.rewards', message: "Above this item's most per reward" }]);
    // Mail and gift codes check the same settings.
    const mail = await call('POST', '/api/v1/email', {
      title: { 'zh-CN': '你好', 'en-US': 'Hello' },
      content: { 'zh-CN': '内容', 'en-US': 'Body' },
      mailScope: 'global',
      expireAt: at(day),
      reward: [{ kind: 'heart', amount: 1 }],
    });
    expect(mail.statusCode, mail.body).toBe(400);
    expect(mail.json().errors).toEqual([{ field: 'reward', message: 'This item may not be granted' }]);
    const batch = await call('POST', '/api/v1/giftcode/batches', {
      name: 'Cookies',
      kind: 'shared',
      code: 'COOKIES1',
      totalLimit: 10,
      rewards: [{ kind: 'cookie', amount: 500 }],
      startAt: at(-day),
      endAt: at(day),
    });
    expect(batch.statusCode, batch.body).toBe(400);
    expect(batch.json().errors).toEqual([{ field: 'rewards', message: "Above this item's most per reward" }]);
    expect(await fingerprint()).toEqual(before);
    // At the cap it saves.
    await ok('POST', `${R}/activityReward`, {
      name: 'capped',
      title: 'Capped',
      rows: [{ goal: 1, rewards: [{ kind: 'cookie', amount: 100 }] }],
    });
  });

  it('the game reads item settings and ways of consumption in its content', async () => {
    await ok('POST', `${R}/consumptionWay`, {
      code: 'buyStore',
      nameZh: '商店购买',
      nameEn: 'Store purchase',
      kinds: ['gem'],
    });
    const dup = await call('POST', `${R}/consumptionWay`, {
      code: 'other',
      nameZh: '其他',
      nameEn: 'store PURCHASE',
      kinds: ['coin'],
    });
    expect(dup.statusCode, dup.body).toBe(409);
    const content = await game('/api/game/v1/content?kinds=gameItem,consumptionWay');
    expect(JSON.stringify(content)).toContain('buyStore');
    expect(JSON.stringify(content)).toContain('cookie');
  });
});

describe('the game’s activities and reward tables', () => {
  it('an activity names an existing reward table, which cannot go while it is used; goals ascend', async () => {
    const bad = await call('POST', `${R}/activityReward`, {
      name: 'unordered',
      title: 'U',
      rows: [
        { goal: 5, rewards: [{ kind: 'gem', amount: 1 }] },
        { goal: 5, rewards: [{ kind: 'gem', amount: 2 }] },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { field: 'rows.1.goal', message: 'Each row’s goal is above the previous row’s' },
    ]);
    await ok('POST', `${R}/activityReward`, {
      name: 'ladder',
      title: 'Ladder',
      rows: [
        { goal: 10, rewards: [{ kind: 'coin', amount: 100 }] },
        { goal: 50, rewards: [{ kind: 'gem', amount: 5 }] },
      ],
    });
    const missing = await call('POST', `${R}/activity`, {
      name: 'climb',
      title: 'Climb',
      type: 'ranking',
      rewardTable: 'nope',
      effectiveAt: at(-day),
      expireAt: at(day),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].field).toBe('rewardTable');
    await ok('POST', `${R}/activity`, {
      name: 'climb',
      title: 'Climb',
      type: 'ranking',
      rewardTable: 'ladder',
      effectiveAt: at(-day),
      expireAt: at(day),
    });
    const del = await call('DELETE', `${R}/activityReward/ladder`);
    expect(del.statusCode).toBe(409);
    expect(del.json().msg).toContain('climb');
    ctx.clock.set(T0);
    const content = await game('/api/game/v1/content?kinds=activity,activityReward');
    expect(JSON.stringify(content)).toContain('climb');
    expect(JSON.stringify(content)).toContain('ladder');
  });
});

describe('store settings', () => {
  it('the IAP settings keep the store secret out of every read', async () => {
    await ok('POST', `${R}/iapSetting`, {
      platform: 'android',
      appId: 'com.rookery.penguin',
      validation: 'store',
      storeSecret: 'very-secret-key',
    });
    const read = await call('GET', `${R}/iapSetting/android`);
    expect(read.body).not.toContain('very-secret-key');
    expect(read.json().data.storeSecret).toBe('set');
    const history = await call('GET', `${R}/iapSetting/android/versions`);
    expect(history.body).not.toContain('very-secret-key');
    const bad = await call('POST', `${R}/iapSetting`, { platform: 'ios', appId: '9bad id' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('appId');
  });

  it('one purchase mail per IAP item, naming a mail template that exists', async () => {
    const template = await ok('POST', '/api/v1/email/template', {
      theTable: 'mail',
      name: 'Thanks',
      title: { 'zh-CN': '谢谢', 'en-US': 'Thanks' },
      content: { 'zh-CN': '感谢购买', 'en-US': 'Thank you' },
    });
    await ok('POST', `${R}/purchaseMail`, { name: 'gemsMail', purchaseId: gems, template: template.id });
    const twice = await call('POST', `${R}/purchaseMail`, {
      name: 'gemsMail2',
      purchaseId: gems,
      template: template.id,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors).toEqual([
      { field: 'purchaseId', message: 'This IAP item already has a purchase mail' },
    ]);
    const noTemplate = await call('POST', `${R}/purchaseMail`, {
      name: 'packMail',
      purchaseId: pack,
      template: 999_999,
    });
    expect(noTemplate.statusCode).toBe(400);
    expect(noTemplate.json().errors[0].field).toBe('template');
  });

  it('the product list sorts by price: the currency kind, then the amount', async () => {
    const make = (name: string, kind: string, amount: number) =>
      ok('POST', `${R}/product`, { name, title: name, cost: { kind, amount }, rewards: [{ kind: 'coin', amount: 1 }] });
    await make('sortB', 'gem', 200);
    await make('sortA', 'gem', 30);
    await make('sortC', 'coin', 5000);
    const list = (await call('GET', `${R}/product?search=sort&sort=cost&order=asc`)).json().data;
    expect(list.list.map((p: { name: string }) => p.name)).toEqual(['sortC', 'sortA', 'sortB']);
    const down = (await call('GET', `${R}/product?search=sort&sort=cost&order=desc`)).json().data;
    expect(down.list.map((p: { name: string }) => p.name)).toEqual(['sortB', 'sortA', 'sortC']);
  });

  it('the currency overview counts what the catalogue prices in', async () => {
    await ok('POST', `${R}/product`, {
      name: 'coinsForGems',
      title: 'Coins',
      cost: { kind: 'gem', amount: 5 },
      rewards: [{ kind: 'coin', amount: 500 }],
    });
    const overview = (await call('GET', '/api/v1/purchase/currencies')).json().data;
    expect(overview.game).toContainEqual(expect.objectContaining({ kind: 'gem', products: 3 }));
    expect(overview.game).toContainEqual(expect.objectContaining({ kind: 'coin', products: 1 }));
    expect(overview.money).toContainEqual(
      expect.objectContaining({ currency: 'USD', priceLevels: 1, tiers: 1, platforms: ['ios'], min: 1.99, max: 1.99 }),
    );
  });
});
