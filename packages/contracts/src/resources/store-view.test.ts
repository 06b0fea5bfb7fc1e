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
