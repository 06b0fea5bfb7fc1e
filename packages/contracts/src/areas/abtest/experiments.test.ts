import { type Experiment, GrowthBookClient } from '@growthbook/growthbook';
import { describe, expect, it } from 'vitest';
import cases from '../../testdata/growthbook-cases.json' with { type: 'json' };
import {
  type Assignment,
  assign,
  chooseVariation,
  compileLayer,
  fnv1a32,
  freeBucketRanges,
  getBucketRanges,
  getEqualWeights,
  hash,
  inNamespace,
  type Layer,
  type LayerExperiment,
  phaseSeed,
  toGrowthBookExperiment,
} from './experiments.js';

type RunCase = [
  name: string,
  context: { attributes?: { id?: string | null }; forcedVariations?: Record<string, number> },
  experiment: {
    key: string;
    variations: unknown[];
    weights?: number[];
    coverage?: number;
    namespace?: [string, number, number];
    filters?: { seed: string; ranges: [number, number][]; hashVersion?: number }[];
    force?: number;
    hashVersion?: number;
    seed?: string;
    active?: boolean;
  },
  value: unknown,
  inExperiment: boolean,
  hashUsed: boolean,
];

// GrowthBook's own test rounds ranges and weights this way (json.test.ts).
const round = (n: number) => Math.floor(n * 1e8) / 1e8;

/** A share of the hash space as whole layer buckets; GrowthBook's shares in the cases are whole. */
const toBuckets = (share: number) => {
  const b = Math.round(share * 10_000);
  if (Math.abs(b - share * 10_000) > 1e-6) throw new Error(`${share} is not a whole bucket`);
  return b;
};

const client = new GrowthBookClient().initSync({ payload: { features: {} } });

/** GrowthBook's answer for one player: the experiment it enrols them in and the variation. */
function growthBookRun(experiment: Experiment<number>, id: string | number, forced?: Record<string, number>) {
  const r = client.runInlineExperiment(experiment, { attributes: { id }, forcedVariations: forced });
  return r.inExperiment ? { variation: r.variationId, forced: !r.hashUsed } : null;
}

describe("GrowthBook's cases.json", () => {
  it('is spec version 0.8.0 or newer, from a named commit', () => {
    const [major, minor] = cases.specVersion.split('.').map(Number);
    expect(major > 0 || minor >= 8).toBe(true);
    expect(cases.source).toContain(cases.commit);
    expect(cases.commit).toMatch(/^[0-9a-f]{40}$/);
  });

  it.each(cases.hash as [string, string, number, number | null][])(
    'hash(%j, %j, %d) = %d',
    (seed, value, version, n) => {
      expect(hash(seed, value, version)).toBe(n);
    },
  );

  it.each(cases.getBucketRange as [string, [number, number, number[] | null], [number, number][]][])(
    'getBucketRanges: %s',
    (_name, [n, coverage, weights], expected) => {
      expect(getBucketRanges(n, coverage, weights).map((r) => r.map(round))).toEqual(expected.map((r) => r.map(round)));
    },
  );

  it.each(cases.chooseVariation as [string, number, [number, number][], number][])(
    'chooseVariation: %s',
    (_name, n, ranges, expected) => {
      expect(chooseVariation(n, ranges)).toBe(expected);
    },
  );

  it.each(cases.inNamespace as [string, string, [string, number, number], boolean][])(
    'inNamespace: %s',
    (_name, id, namespace, expected) => {
      expect(inNamespace(id, namespace)).toBe(expected);
    },
  );

  it.each(cases.getEqualWeights as [number, number[]][])('getEqualWeights(%d)', (n, expected) => {
    expect(getEqualWeights(n).map(round)).toEqual(expected.map(round));
  });

  // Each case's experiment alone in a layer: its namespace (legacy, hash v1) or its one filter
  // (multi-range, hash v2) is the layer and its share the experiment's ranges; without either it
  // owns the whole layer. GrowthBook's defaults apply: seed = key, hash version 1, coverage 1.
  it.each(cases.run as RunCase[])('run: %s', (_name, context, exp, value, inExperiment, hashUsed) => {
    const id = context.attributes?.id ?? '';
    let layer: Layer = { namespace: 'whole', hashVersion: 2 };
    let ranges: [number, number][] = [[0, 10_000]];
    if (exp.filters) {
      const [filter] = exp.filters;
      layer = { namespace: filter.seed, hashVersion: filter.hashVersion === 1 ? 1 : 2 };
      ranges = filter.ranges.map(([s, e]) => [toBuckets(s), toBuckets(e)]);
    } else if (exp.namespace) {
      layer = { namespace: exp.namespace[0], hashVersion: 1 };
      ranges = [[toBuckets(exp.namespace[1]), toBuckets(exp.namespace[2])]];
    }
    const forcedVariation = context.forcedVariations?.[exp.key];
    const experiment: LayerExperiment = {
      key: exp.key,
      status: exp.active === false ? 'stopped' : 'running',
      ranges: ranges.filter(([s, e]) => s < e),
      seed: exp.seed ?? exp.key,
      hashVersion: exp.hashVersion === 2 ? 2 : 1,
      variations: exp.variations.length,
      weights: exp.weights,
      coverage: exp.coverage ?? 1,
      force: exp.force,
      forced: forcedVariation === undefined ? undefined : new Map([[String(id), forcedVariation]]),
    };
    const got = assign(layer, [experiment], id);
    if (!inExperiment) {
      expect(got).toBeNull();
      return;
    }
    expect(got).toMatchObject({ experimentKey: exp.key, forced: !hashUsed });
    expect(exp.variations[got!.variation]).toEqual(value);
  });
});

describe('FNV-1a and the hash', () => {
  it('matches the published FNV-1a 32-bit vectors', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });

  it('hashes a numeric user ID as its decimal text', () => {
    for (const id of [1, 9, 10, 12345, 4_294_967_295, 4_294_967_296, 9_007_199_254_740_991]) {
      for (const v of [1, 2]) expect(hash('seed', id, v)).toBe(hash('seed', String(id), v));
    }
    expect(hash('s', 1.5, 2)).toBe(hash('s', '1.5', 2));
    expect(hash('s', -7, 1)).toBe(hash('s', '-7', 1));
  });

  // Non-ASCII IDs: FNV-1a runs over UTF-16 code units (surrogate pairs as two), as GrowthBook's
  // JavaScript does. GrowthBook's SDK does not export its hash, so its value is pinned through
  // run(): with ranges split exactly at our value the player must fall in the upper one, with the
  // split half a step higher in the lower one.
  const ids = ['玩家一号', 'ünïcødé', '😊', '😀🎮', 'игрок-42', 'Ω≈ç√∫', 'hêl£o wørlÐ', '\ud800', 'a\u0000b', 'ⓐⓑⓒ'];
  it.each(ids)('hash of %j equals the GrowthBook SDK (v1 and v2)', (id) => {
    for (const version of [1, 2] as const) {
      // Not '': GrowthBook reads an empty seed as "use the key".
      for (const seed of ['exp-1', '种子', ' ']) {
        const n = hash(seed, id, version)!;
        const half = version === 2 ? 0.00005 : 0.0005;
        const at = (split: number) =>
          growthBookRun(
            {
              key: 'k',
              seed,
              hashVersion: version,
              variations: [0, 1],
              ranges: [
                [0, split],
                [split, 1],
              ],
            },
            id,
          )?.variation;
        expect(at(n)).toBe(1);
        expect(at(n + half)).toBe(0);
      }
    }
  });
});

/** Distinct user IDs from a seeded generator (mulberry32): numbers, ASCII and non-ASCII text. */
function userIds(count: number, seed = 1): (string | number)[] {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const alphabet = [...'abcXYZ019-_玩家ünï😊Ωигрок'];
  const ids = new Set<string | number>();
  while (ids.size < count) {
    const kind = ids.size % 3;
    if (kind === 0) ids.add(100_000 + (next() % 900_000_000));
    else {
      let text = kind === 1 ? 'u' : '';
      for (let j = 0, length = 4 + (next() % 12); j < length; j += 1) text += alphabet[next() % alphabet.length];
      ids.add(text);
    }
  }
  return [...ids];
}

const layer: Layer = { namespace: 'home-screen', hashVersion: 2 };
const experiments: LayerExperiment[] = [
  {
    key: 'banner-color',
    status: 'running',
    ranges: [
      [0, 2000],
      [6000, 6500],
    ],
    seed: phaseSeed('banner-color', 1),
    hashVersion: 2,
    variations: 3,
    coverage: 1,
  },
  {
    key: 'shop-layout',
    status: 'running',
    ranges: [[2000, 4000]],
    seed: phaseSeed('shop-layout', 2),
    hashVersion: 2,
    variations: 2,
    weights: [0.3, 0.7],
    coverage: 0.6,
    forced: new Map([
      ['tester-1', 1],
      ['100200', 0],
    ]),
  },
  {
    key: 'old-tutorial',
    status: 'stopped',
    ranges: [[4000, 5000]],
    seed: 'old-tutorial',
    hashVersion: 2,
    variations: 2,
    coverage: 1,
  },
  {
    key: 'daily-reward',
    status: 'running',
    ranges: [[5000, 6000]],
    seed: 'daily-reward',
    hashVersion: 1,
    variations: 4,
    weights: [0.1, 0.2, 0.3, 0.4],
    coverage: 0.5,
  },
  {
    key: 'rollout-winner',
    status: 'running',
    ranges: [[7000, 8000]],
    seed: 'rollout-winner',
    hashVersion: 2,
    variations: 2,
    coverage: 0.8,
    force: 1,
  },
];

/**
 * GrowthBook's answer for a layer: each experiment run separately; a listed tester takes their
 * forced experiment first (a layer gives one experiment per player), otherwise the one whose
 * filter and coverage let them in.
 */
function growthBookLayer(l: Layer, list: LayerExperiment[], id: string | number): Assignment | null {
  const running = list.filter((e) => e.status === 'running');
  const forcedVariations: Record<string, number> = {};
  for (const e of running) {
    const v = e.forced?.get(String(id));
    if (v !== undefined) forcedVariations[e.key] = v;
  }
  const results = list.map((e) => ({
    key: e.key,
    // GrowthBook types variations as a tuple of at least two; ours is a plain array of indices.
    r: growthBookRun(toGrowthBookExperiment(l, e) as Experiment<number>, id, forcedVariations),
  }));
  const tester = results.find((x) => x.r?.forced && x.key in forcedVariations);
  const enrolled = results.filter((x) => x.r);
  if (!tester && enrolled.length > 1) throw new Error(`GrowthBook enrols ${id} in ${enrolled.length} experiments`);
  const hit = tester ?? enrolled[0];
  return hit ? { experimentKey: hit.key, variation: hit.r!.variation, forced: hit.r!.forced } : null;
}

// The SDK comparisons run GrowthBook 50,000 times: room for a busy machine.
describe('layers', { timeout: 60_000 }, () => {
  it('assigns 10,000 random IDs as the GrowthBook SDK does (v2 layer, testers, force, a stopped experiment)', () => {
    const ids = [...userIds(10_000), 'tester-1', 100200, '', 0];
    const compiled = compileLayer(layer, experiments);
    const seen = new Map<string, number>();
    for (const id of ids) {
      const ours = compiled.assign(id);
      expect(ours, `user ${JSON.stringify(id)}`).toEqual(growthBookLayer(layer, experiments, id));
      const k = ours ? `${ours.experimentKey}/${ours.variation}` : 'none';
      seen.set(k, (seen.get(k) ?? 0) + 1);
    }
    // The setup exercises every path: each variation of each running experiment, and no experiment.
    for (const k of ['banner-color/2', 'shop-layout/0', 'shop-layout/1', 'daily-reward/3', 'rollout-winner/1', 'none'])
      expect(seen.get(k) ?? 0).toBeGreaterThan(50);
    expect([...seen.keys()].some((k) => k.startsWith('old-tutorial') || k === 'rollout-winner/0')).toBe(false);
    expect(compiled.assign('tester-1')).toEqual({ experimentKey: 'shop-layout', variation: 1, forced: true });
  });

  it('assigns as GrowthBook does on a legacy (hash v1) layer, an empty seed being the key', () => {
    const legacy: Layer = { namespace: 'legacy-ns', hashVersion: 1 };
    // An empty seed is the key, in GrowthBook and here.
    const list = experiments.map((e) => ({ ...e, forced: undefined, seed: e.key === 'daily-reward' ? '' : e.seed }));
    for (const id of userIds(3000, 7)) expect(assign(legacy, list, id)).toEqual(growthBookLayer(legacy, list, id));
  });

  it('splits 100,000 players within ±1 % of the weights', () => {
    const weights = [0.2, 0.3, 0.5];
    const compiled = compileLayer(layer, [{ ...experiments[0], ranges: [[0, 10_000]], weights }]);
    const counts = [0, 0, 0];
    const ids = userIds(100_000, 3);
    for (const id of ids) counts[compiled.assign(id)!.variation] += 1;
    for (const [i, c] of counts.entries()) expect(Math.abs(c / ids.length - weights[i])).toBeLessThan(0.01);
  });

  it("spreads a layer's players evenly over its buckets and each range's players evenly over variations", () => {
    const compiled = compileLayer(layer, experiments);
    const ids = userIds(100_000, 5);
    const inFirstFifth = ids.filter((id) => compiled.bucket(id) < 2000).length;
    expect(Math.abs(inFirstFifth / ids.length - 0.2)).toBeLessThan(0.01);
    const banner = ids.map((id) => compiled.assign(id)).filter((a) => a?.experimentKey === 'banner-color');
    for (let v = 0; v < 3; v += 1)
      expect(Math.abs(banner.filter((a) => a!.variation === v).length / banner.length - 1 / 3)).toBeLessThan(0.01);
  });

  it('keeps every enrolled player in their variation when coverage grows or ranges are added', () => {
    const base = { ...experiments[1], forced: undefined, coverage: 0.3 };
    const before = compileLayer(layer, [base]);
    const after = compileLayer(layer, [{ ...base, coverage: 0.9, ranges: [...base.ranges, [8000, 9000] as const] }]);
    let enrolled = 0;
    let grown = 0;
    for (const id of userIds(20_000, 11)) {
      const a = before.assign(id);
      const b = after.assign(id);
      if (a) {
        enrolled += 1;
        expect(b).toEqual(a);
      } else if (b) grown += 1;
    }
    expect(enrolled).toBeGreaterThan(500);
    expect(grown).toBeGreaterThan(enrolled);
  });

  it('never gives two experiments of one layer the same player, and refuses overlapping ranges', () => {
    const compiled = compileLayer(layer, experiments);
    for (const id of userIds(5000, 13)) {
      const a = compiled.assign(id);
      if (a && !a.forced) {
        const owner = experiments.find((e) => e.key === a.experimentKey)!;
        const b = compiled.bucket(id);
        expect(owner.ranges.some(([s, e]) => b >= s && b < e)).toBe(true);
      }
    }
    const clash = { ...experiments[3], key: 'clash', ranges: [[1999, 2001] as const] };
    expect(() => compileLayer(layer, [...experiments, clash])).toThrow(/both own bucket 1999/);
    // A stopped experiment's ranges are free again.
    expect(() => compileLayer(layer, [...experiments, { ...clash, ranges: [[4000, 5000] as const] }])).not.toThrow();
    expect(() => compileLayer(layer, [{ ...clash, ranges: [[5, 10_001] as const] }])).toThrow(RangeError);
  });

  it('lists the buckets no running experiment owns', () => {
    expect(freeBucketRanges(experiments)).toEqual([
      [4000, 5000],
      [6500, 7000],
      [8000, 10_000],
    ]);
    expect(freeBucketRanges([])).toEqual([[0, 10_000]]);
    const compiled = compileLayer(layer, experiments);
    for (const id of userIds(5000, 23)) {
      const b = compiled.bucket(id);
      const free = freeBucketRanges(experiments).some(([s, e]) => b >= s && b < e);
      // A player in a free bucket is in no experiment of the layer (testers aside).
      if (free) expect(compiled.assign(id)).toBeNull();
    }
  });

  it('reshuffles players with the seed of a new phase', () => {
    const phase1 = compileLayer(layer, [
      { ...experiments[0], ranges: [[0, 10_000]], seed: phaseSeed('banner-color', 1) },
    ]);
    const phase2 = compileLayer(layer, [
      { ...experiments[0], ranges: [[0, 10_000]], seed: phaseSeed('banner-color', 2) },
    ]);
    expect(phaseSeed('banner-color', 1)).toBe('banner-color');
    expect(phaseSeed('banner-color', 2)).not.toBe(phaseSeed('banner-color', 3));
    const ids = userIds(30_000, 17);
    const same = ids.filter((id) => phase1.assign(id)!.variation === phase2.assign(id)!.variation).length;
    // Independent draws over three equal variations agree a third of the time.
    expect(Math.abs(same / ids.length - 1 / 3)).toBeLessThan(0.015);
  });

  it('puts a listed tester in the forced variation whatever their bucket, and out on a variation that does not exist', () => {
    const ids = userIds(2000, 19).map(String);
    const outside = ids.find((id) => compileLayer(layer, experiments).bucket(id) >= 9000)!;
    const list = experiments.map((e) =>
      e.key === 'banner-color'
        ? { ...e, forced: new Map([[outside, 2]]) }
        : e.key === 'shop-layout'
          ? { ...e, forced: new Map([[outside, 1]]) }
          : e,
    );
    // The first running experiment forcing the player wins.
    expect(assign(layer, list, outside)).toEqual({ experimentKey: 'banner-color', variation: 2, forced: true });
    const inside = ids.find((id) => {
      const b = compileLayer(layer, experiments).bucket(id);
      return b >= 0 && b < 2000;
    })!;
    const bad = experiments.map((e) => (e.key === 'banner-color' ? { ...e, forced: new Map([[inside, 7]]) } : e));
    expect(assign(layer, experiments, inside)?.experimentKey).toBe('banner-color');
    expect(assign(layer, bad, inside)).toBeNull();
    expect(growthBookLayer(layer, bad, inside)).toBeNull();
    // A draft or stopped experiment forces nobody.
    const draft = experiments.map((e) =>
      e.key === 'old-tutorial' ? { ...e, status: 'draft' as const, forced: new Map([[outside, 1]]) } : e,
    );
    expect(assign(layer, draft, outside)).toBeNull();
  });
});
