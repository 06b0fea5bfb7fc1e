import { describe, expect, it } from 'vitest';
import { compileStore, explainStore, playerStoreAnswer, weightedPick } from './store-view.js';

const item = (key: string, document: unknown, effectiveAt: string | null = null) => ({
  key,
  document,
  effectiveAt,
  expireAt: null,
});
const product = (name: string, over: Record<string, unknown> = {}) => ({
  name,
  title: name,
  description: '',
  cost: { kind: 'gem', amount: 5 },
  rewards: [{ kind: 'coin', amount: 10 }],
  repurchaseLimit: 0,
  minLevel: 0,
  maxLevel: null,
  conditions: [],
  ...over,
});
const compiled = compileStore(
  {
    priceLevel: [],
    purchaseItem: [],
    product: [
      item('a', product('a')),
      item('b', product('b', { repurchaseLimit: 2 })),
      item('c', product('c', { conditions: [{ attr: 'country', op: 'include', value: ['US'] }] })),
      item('d', product('d', { conditions: [{ attr: 'country', op: 'include', value: ['US'] }] })),
      item('e', product('e'), '2030-01-01T00:00:00Z'),
    ],
    giftPack: [],
    store: [
      item('s', { name: 's', title: 'S', kind: 'static', slots: [{ product: 'b' }, { product: 'a' }], conditions: [] }),
    ],
    purchaseActivity: [],
  },
  'v1',
);
const player = (country: string, purchases: Record<string, number> = {}) => ({
  userId: 1,
  attrs: { os: 'ios', country },
  level: 0,
  purchases,
});
const now = Date.parse('2026-06-01T00:00:00Z');

describe('the store a player sees', () => {
  it('answers the same JSON as JSON.stringify, however often shared views are reused', () => {
    for (const p of [player('US'), player('CN', { 'product:b': 1 }), player('US', { 'product:b': 2 })]) {
      const { store } = explainStore(compiled, p, now);
      expect(playerStoreAnswer(store)).toBe(JSON.stringify({ code: 200, data: store, msg: 'ok' }));
    }
  });

  it('hides by conditions (shared matchers), window and purchase limit, and says why', () => {
    const us = explainStore(compiled, player('US', { 'product:b': 1 }), now);
    expect(us.store.products.map((p) => [p.name, p.left])).toEqual([
      ['a', null],
      ['b', 1],
      ['c', null],
      ['d', null],
    ]);
    expect(us.store.stores[0].products).toEqual(['b', 'a']);
    const cn = explainStore(compiled, player('CN', { 'product:b': 2 }), now);
    expect(cn.store.products.map((p) => p.name)).toEqual(['a']);
    expect(cn.hidden).toEqual([
      { kind: 'product', key: 'b', reason: 'soldOut' },
      { kind: 'product', key: 'c', reason: 'conditions' },
      { kind: 'product', key: 'd', reason: 'conditions' },
      { kind: 'product', key: 'e', reason: 'scheduled' },
      { kind: 'storeSlot', key: 'b', store: 's', reason: 'soldOut' },
    ]);
  });

  it('picks by weight: each index over its share of [0, 1)', () => {
    expect([0, 0.49, 0.5, 0.79, 0.8, 0.999].map((n) => weightedPick([50, 30, 20], n))).toEqual([0, 0, 1, 1, 2, 2]);
  });
});

describe("the game's fetch and the preview", () => {
  // A catalogue with every kind of gate: levels, windows, conditions, limits, rotation, packs.
  const day = 86_400_000;
  const at = (ms: number) => new Date(now + ms).toISOString();
  const big = compileStore(
    {
      priceLevel: ['ios', 'android'].map((platform) => ({
        key: `t1_${platform}`,
        document: {
          name: `t1_${platform}`,
          tier: 't1',
          platform,
          sku: `sku.${platform}`,
          prices: [{ currency: 'USD', amount: 1 }],
        },
        effectiveAt: null,
        expireAt: null,
      })),
      purchaseItem: Array.from({ length: 12 }, (_, i) => ({
        key: String(i + 1),
        document: {
          id: i + 1,
          title: `I${i}`,
          description: '',
          priceLevel: 't1',
          isIAP: true,
          isGiftPack: i < 6,
          consumingType: 'consumable',
          rewards: [{ kind: 'gem', amount: i + 1 }],
          repurchaseLimit: i % 3,
          minLevel: i % 4,
          maxLevel: null,
          conditions: [],
        },
        effectiveAt: null,
        expireAt: null,
      })),
      product: Array.from({ length: 40 }, (_, i) =>
        item(
          `p${i}`,
          product(`p${i}`, {
            repurchaseLimit: i % 3,
            minLevel: i % 5 === 0 ? 3 : 0,
            maxLevel: i % 7 === 0 ? 6 : null,
            conditions: i % 4 === 0 ? [{ attr: 'country', op: 'include', value: ['US'] }] : [],
          }),
          i % 9 === 0 ? at(i % 2 ? day : -day) : null,
        ),
      ),
      giftPack: Array.from({ length: 6 }, (_, i) => ({
        key: `g${i}`,
        document: {
          name: `g${i}`,
          purchaseId: i + 1,
          discountMode: 'percent',
          discount: 10,
          isEffective: i !== 5,
          weight: 1 + i,
          colour: 'Rose',
          repurchaseLimit: 1,
          minLevel: 0,
          maxLevel: null,
          conditions: i === 2 ? [{ attr: 'os', op: 'equal', value: 'android' }] : [],
        },
        effectiveAt: null,
        expireAt: null,
      })),
      store: Array.from({ length: 4 }, (_, i) =>
        item(`s${i}`, {
          name: `s${i}`,
          title: `S${i}`,
          kind: i % 2 ? 'rotating' : 'static',
          slots: Array.from({ length: 10 }, (_, j) => ({ product: `p${(i * 10 + j) % 40}` })),
          refreshHours: 24,
          shown: 3,
          conditions: [],
        }),
      ),
      purchaseActivity: [],
    },
    'big',
  );
  const players = Array.from({ length: 400 }, (_, i) => ({
    userId: 1000 + i,
    attrs: { os: i % 2 ? 'ios' : 'android', country: i % 3 ? 'US' : 'CN' },
    level: i % 9,
    purchases: i % 5 === 0 ? { [`product:p${i % 40}`]: 1 + (i % 2), [`purchaseItem:${1 + (i % 12)}`]: 1 } : {},
  }));

  it('the game’s fetch (shared evaluations, no reasons) answers exactly what the preview shows', () => {
    for (const when of [now, now + 2 * day]) {
      // Twice over: the second pass answers from the shared evaluations the first one made.
      for (let pass = 0; pass < 2; pass += 1)
        for (const p of players) {
          const fast = explainStore(big, p, when, false);
          const full = explainStore(big, p, when);
          expect(fast.hidden).toEqual([]);
          expect(playerStoreAnswer(fast.store)).toBe(JSON.stringify({ code: 200, data: full.store, msg: 'ok' }));
        }
    }
    expect(big.productsParts.size).toBeGreaterThan(1);
  });

  it('a rotating store shows the same slots to a player all period, others to others, about evenly', () => {
    const rotating = (userId: number, when: number) =>
      explainStore(
        big,
        { userId, attrs: { os: 'ios', country: 'US' }, level: 4, purchases: {} },
        when,
        false,
      ).store.stores.find((s) => s.name === 's1')!.products;
    const seen = new Map<string, number>();
    let moved = 0;
    for (let u = 0; u < 3000; u += 1) {
      const first = rotating(u, now);
      expect(first).toHaveLength(3);
      expect(rotating(u, now + 3_600_000)).toEqual(first);
      if (rotating(u, now + day).join() !== first.join()) moved += 1;
      for (const name of first) seen.set(name, (seen.get(name) ?? 0) + 1);
    }
    // Most players see a new rotation the next period; every visible slot is shown about as often.
    expect(moved).toBeGreaterThan(2500);
    const counts = [...seen.values()];
    expect(Math.min(...counts) / Math.max(...counts)).toBeGreaterThan(0.8);
  });
});
