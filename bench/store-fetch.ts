import {
  giftPackResource,
  priceLevelResource,
  productResource,
  purchaseActivityResource,
  purchaseItemResource,
  storeResource,
} from '@rookery/contracts';
import {
  againstPlayerRead,
  answerJson,
  assertRight,
  BENCH_CONCURRENCY,
  benchGameApp,
  benchPlayerCount,
  benchSeconds,
  onSeededPlayers,
  saveBenchItems,
} from './harness.js';

/**
 * `store-fetch`: throughput of the game's store fetch (`GET /api/game/v1/players/:userId/store`:
 * 300 products, 20 stores of 15 slots, 50 gift packs on their IAP items, 10 purchase activities
 * as level- and window-gated IAP items) over BENCH_PLAYERS players (default 200,000), against
 * the game API's primary-key player read in the same run, both asked with `accept-encoding:
 * gzip` (the store answer goes out gzipped; the player read is under the compression threshold).
 * Target ratio ≥ 0.7 on PGlite and PostgreSQL. The answer is checked (decoded) before anything
 * is timed.
 */

const SECONDS = benchSeconds(10);

/** The catalogue: two price tiers on both platforms, 300 products, 60 IAP items, 50 gift packs, 20 stores. */
export function storeFixtures() {
  const priceLevels = ['tier1', 'tier2'].flatMap((tier, i) =>
    ['ios', 'android'].map((platform) => ({
      name: `${platform}_${tier}`,
      tier,
      platform,
      sku: `com.bench.${tier}.${platform}`,
      prices: [
        { currency: 'USD', amount: i === 0 ? 0.99 : 4.99 },
        { currency: 'CNY', amount: i === 0 ? 6 : 30 },
      ],
    })),
  );
  const products = Array.from({ length: 300 }, (_, i) => ({
    name: `product${i}`,
    title: `Product ${i}`,
    description: '',
    cost: { kind: i % 2 ? 'gem' : 'coin', amount: 10 + i },
    rewards: [{ kind: 'heart', amount: 1 + (i % 5) }],
    repurchaseLimit: i % 3,
    minLevel: i % 10 === 0 ? 5 : 0,
    maxLevel: null,
    conditions: i % 4 === 0 ? [{ attr: 'country', op: 'include', value: ['US', 'CN', 'JP'] }] : [],
  }));
  // 50 gift-pack items and 10 IAP items on sale (gated by level).
  const items = Array.from({ length: 60 }, (_, i) => ({
    id: i + 1,
    title: i < 50 ? `Gift ${i}` : `Gems ${i - 50}`,
    description: '',
    priceLevel: i % 2 ? 'tier2' : 'tier1',
    isIAP: true,
    isGiftPack: i < 50,
    consumingType: 'consumable',
    rewards: [{ kind: 'gem', amount: 100 + i }],
    repurchaseLimit: 1,
    minLevel: i >= 55 ? (i - 55) * 2 : 0,
    maxLevel: null,
    conditions: [],
  }));
  const giftPacks = Array.from({ length: 50 }, (_, i) => ({
    name: `gift${i}`,
    purchaseId: i + 1,
    discountMode: i % 2 ? 'percent' : 'times',
    discount: i % 2 ? 20 : 2,
    isEffective: i % 10 !== 9,
    weight: 1 + (i % 7) * 10,
    colour: ['Eggplant', 'Orange', 'Rose'][i % 3],
    repurchaseLimit: 1,
    minLevel: 0,
    maxLevel: null,
    conditions: i % 5 === 0 ? [{ attr: 'os', op: 'equal', value: 'android' }] : [],
  }));
  const stores = Array.from({ length: 20 }, (_, i) => ({
    name: `store${i}`,
    title: `Store ${i}`,
    kind: i % 2 ? 'rotating' : 'static',
    slots: Array.from({ length: 15 }, (_, j) => ({ product: `product${i * 15 + j}` })),
    refreshHours: 24,
    shown: 6,
    conditions: [],
  }));
  // 10 purchase activities: first purchase double on the items on sale, and spend offers, gated by level.
  const activities = Array.from({ length: 10 }, (_, i) => ({
    name: `activity${i}`,
    title: `Activity ${i}`,
    description: '',
    kind: i % 2 ? 'spendReward' : 'firstPurchaseDouble',
    purchaseIds: i % 2 ? [] : [51 + (i % 5), 56 + (i % 5)],
    spend: i % 2 ? { currency: 'USD', amount: 10 * i } : null,
    rewards: i % 2 ? [{ kind: 'gem', amount: 100 * i }] : [],
    minLevel: Math.max(0, i - 5),
    conditions: i % 3 === 1 ? [{ attr: 'country', op: 'include', value: ['US', 'CN'] }] : [],
  }));
  return { priceLevels, products, items, giftPacks, stores, activities };
}

export async function benchStoreFetch(): Promise<string> {
  const count = Number(process.env.BENCH_PLAYERS ?? Math.min(benchPlayerCount(), 200_000));
  return onSeededPlayers(count, async (database, ids) => {
    const f = storeFixtures();
    await saveBenchItems(database, priceLevelResource, f.priceLevels);
    await saveBenchItems(database, productResource, f.products);
    await saveBenchItems(database, purchaseItemResource, f.items);
    await saveBenchItems(database, giftPackResource, f.giftPacks);
    await saveBenchItems(database, storeResource, f.stores);
    // The activities are inside a window: from a day ago for a week.
    const now = Date.now();
    await saveBenchItems(database, purchaseActivityResource, f.activities, {
      effectiveAt: new Date(now - 86_400_000).toISOString(),
      expireAt: new Date(now + 7 * 86_400_000).toISOString(),
    });

    const game = await benchGameApp(database, ids, { acceptEncoding: 'gzip' });
    const { app, headers } = game;
    // Correct first: every player sees 20 stores, one gift pack priced for their platform, and
    // only products whose gates they pass; the answer is gzipped.
    for (const id of ids.slice(0, 50)) {
      const res = await app.inject({ method: 'GET', url: `/api/game/v1/players/${id}/store`, headers });
      assertRight(res.statusCode === 200, `store of ${id}: ${res.statusCode}`);
      assertRight(res.headers['content-encoding'] === 'gzip', `store of ${id} gzipped`);
      const data = answerJson(res).data;
      assertRight(data.stores.length === 20, `20 stores for ${id}`);
      assertRight(
        data.stores.every((s: { kind: string; products: string[] }) => s.kind === 'static' || s.products.length <= 6),
        'a rotating store shows at most 6',
      );
      assertRight(data.giftPacks.length === 1, `one gift pack for ${id}`);
      assertRight(data.activities.length >= 1, `an activity for ${id}`);
      const sku = data.giftPacks[0].item.price.sku as string;
      assertRight(/^com\.bench\.tier[12]\.(ios|android)$/.test(sku), `a platform SKU for ${id}: ${sku}`);
    }
    return await againstPlayerRead(
      'store-fetch',
      game,
      game.gameGet('/store'),
      SECONDS,
      `store fetches/s (300 products, 20 stores, 50 gift packs, 10 activities, ${count} players, ${database.kind}, concurrency ${BENCH_CONCURRENCY}, accept-encoding: gzip)`,
    );
  });
}
