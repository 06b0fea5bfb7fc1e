/**
 * A/B assignment, GrowthBook-compatible, pure and synchronous (DESIGN §5 "A/B tests").
 *
 * The functions below reproduce GrowthBook's JavaScript SDK (`packages/sdk-js/src/util.ts`) to
 * the bit, so a player lands in the same variation whichever side computes it, and a studio can
 * check our splits with GrowthBook's own tools. Tested on GrowthBook's published `cases.json`
 * (`contracts/src/testdata/growthbook-cases.json`) and against the installed SDK.
 *
 * The layer model on top: a layer is a space of 10,000 buckets (a GrowthBook namespace). The layer
 * hash puts each player in one bucket; a running experiment owns ranges of buckets, and no two
 * running experiments of a layer own the same bucket, so they never share a player. Inside its
 * ranges, the experiment's own hash (seeded per phase) picks the variation by GrowthBook's bucket
 * ranges (coverage, weights). `toGrowthBookExperiment` states the equivalence in GrowthBook's
 * terms; docs/decisions/2026-11-24-a-b-assignment-growthbook-compatible.md says why it is built this way.
 */

const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/** Continue 32-bit FNV-1a over the UTF-16 code units of `text` (as GrowthBook's `charCodeAt` loop). */
function fnvText(state: number, text: string): number {
  let h = state;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return h;
}

// Decimal digits of a number, written here so that hashing `String(n)` allocates no string.
const digitBuffer = new Uint8Array(20);

/** Continue FNV-1a over the decimal digits of a non-negative safe integer (= `String(n)`). */
function fnvDigits(state: number, n: number): number {
  let count = 0;
  let rest = n;
  do {
    digitBuffer[count] = 48 + (rest % 10);
    count += 1;
    rest = Math.floor(rest / 10);
  } while (rest > 0);
  let h = state;
  while (count > 0) {
    count -= 1;
    h = Math.imul(h ^ digitBuffer[count], FNV_PRIME);
  }
  return h;
}

/** A user ID as GrowthBook hashes it: its text (a number as `String(n)` would write it). */
export type HashValue = string | number;

function fnvValue(state: number, value: HashValue): number {
  if (typeof value === 'number' && value >= 0 && Number.isSafeInteger(value)) return fnvDigits(state, value);
  return fnvText(state, typeof value === 'string' ? value : String(value));
}

/** 32-bit FNV-1a of a text over its UTF-16 code units, unsigned (GrowthBook's `hashFnv32a`). */
export function fnv1a32(text: string): number {
  return fnvText(FNV_OFFSET, text) >>> 0;
}

/** GrowthBook's v2 hash as an integer bucket 0 … 9,999: FNV-1a of the decimal FNV-1a of seed + value. */
function bucketV2(seedState: number, value: HashValue): number {
  const inner = fnvValue(seedState, value) >>> 0;
  return (fnvDigits(FNV_OFFSET, inner) >>> 0) % 10_000;
}

/** GrowthBook's v1 hash as an integer bucket 0 … 999: FNV-1a of value + seed. */
function bucketV1(seed: string, value: HashValue): number {
  return (fnvText(fnvValue(FNV_OFFSET, value), seed) >>> 0) % 1000;
}

export type HashVersion = 1 | 2;

/**
 * GrowthBook's `hash(seed, value, version)`: a number in [0, 1). Version 2 (unbiased, 10,000
 * steps) is the one new experiments use; version 1 (biased, 1,000 steps) is kept for legacy
 * namespaces and experiments. Any other version gives null, as in GrowthBook.
 */
export function hash(seed: string, value: HashValue, version: number): number | null {
  if (version === 2) return bucketV2(fnvText(FNV_OFFSET, seed), value) / 10_000;
  if (version === 1) return bucketV1(seed, value) / 1000;
  return null;
}

/** [start, end): a share of the hash space (GrowthBook's `VariationRange`). */
export type VariationRange = readonly [start: number, end: number];

/** GrowthBook's `inRange`: start inclusive, end exclusive. */
export function inRange(n: number, range: VariationRange): boolean {
  return n >= range[0] && n < range[1];
}

/** GrowthBook's legacy namespace check: the v1 hash of `"__" + id` within [start, end). */
export function inNamespace(userId: HashValue, namespace: readonly [id: string, start: number, end: number]): boolean {
  const n = bucketV1(`__${namespace[0]}`, userId) / 1000;
  return n >= namespace[1] && n < namespace[2];
}

/** GrowthBook's `getEqualWeights`. */
export function getEqualWeights(numVariations: number): number[] {
  if (numVariations <= 0) return [];
  return new Array<number>(numVariations).fill(1 / numVariations);
}

/**
 * GrowthBook's `getBucketRanges`: variation i gets [start_i, start_i + coverage × weight_i), where
 * start_i is the sum of the weights before it. Coverage is clamped to [0, 1]; weights of the wrong
 * length or not summing to 1 (± 0.01) become equal weights. Growing coverage only lengthens each
 * range from its fixed start, so an enrolled player keeps the variation.
 */
export function getBucketRanges(
  numVariations: number,
  coverage: number | undefined,
  weights?: readonly number[] | null,
): [number, number][] {
  const cover = coverage === undefined ? 1 : Math.min(1, Math.max(0, coverage));
  const equal = getEqualWeights(numVariations);
  let w: readonly number[] = weights ?? equal;
  if (w.length !== numVariations) w = equal;
  const total = w.reduce((sum, x) => sum + x, 0);
  if (total < 0.99 || total > 1.01) w = equal;
  let cumulative = 0;
  return w.map((x) => {
    const start = cumulative;
    cumulative += x;
    return [start, start + cover * x];
  });
}

/** GrowthBook's `chooseVariation`: the first range holding n, or -1. */
export function chooseVariation(n: number, ranges: readonly VariationRange[]): number {
  for (let i = 0; i < ranges.length; i += 1) if (inRange(n, ranges[i])) return i;
  return -1;
}

// ---------------------------------------------------------------------------------------------
// Layers

/** A layer has this many buckets; experiments own ranges of them. */
export const LAYER_BUCKETS = 10_000;

/**
 * A layer: GrowthBook's namespace of that name. Version 2 is GrowthBook's multi-range namespace
 * (a filter hashing `namespace + userId` with hash v2: 10,000 buckets); version 1 its legacy
 * namespace (`hash("__" + namespace, userId, 1)`: 1,000 steps, each 10 of our buckets).
 */
export interface Layer {
  namespace: string;
  hashVersion: HashVersion;
}

/** Layer buckets [start, end), integers within 0 … 10,000. */
export type BucketRange = readonly [start: number, end: number];

/** The lifecycle of issue 30: draft → running → stopped → archived; only running assigns. */
export const experimentStatuses = ['draft', 'running', 'stopped', 'archived'] as const;
export type ExperimentStatus = (typeof experimentStatuses)[number];

/** One experiment as assignment sees it: its current phase flattened in. */
export interface LayerExperiment {
  key: string;
  status: ExperimentStatus;
  /** The layer buckets it owns (they only grow while it runs). */
  ranges: readonly BucketRange[];
  /** The current phase's seed (a new phase gets a new one: `phaseSeed`). */
  seed: string;
  hashVersion: HashVersion;
  /** How many variations; index 0 is the control. */
  variations: number;
  /** Per variation, summing to 1; equal when absent (GrowthBook's rules in `getBucketRanges`). */
  weights?: readonly number[];
  /** Share of its layer ranges that enters, 0 … 1 (GrowthBook's coverage). */
  coverage: number;
  /** Every enrolled player gets this variation (GrowthBook's `force`: after layer and coverage). */
  force?: number;
  /** Listed test players (user ID as text → variation index), ahead of layer and coverage. */
  forced?: ReadonlyMap<string, number>;
}

/** A player's assignment in one layer. */
export interface Assignment {
  experimentKey: string;
  variation: number;
  /** The variation was not drawn by the hash (a listed tester, or `force`): results leave it out. */
  forced: boolean;
}

/**
 * The seed of an experiment's phase (numbered from 1): the first phase uses the experiment's key,
 * GrowthBook's default (`seed || key`), later phases `key:phase`, so a new phase reshuffles every
 * player while staying reproducible from the stored experiment.
 */
export function phaseSeed(experimentKey: string, phase: number): string {
  return phase <= 1 ? experimentKey : `${experimentKey}:${phase}`;
}

interface CompiledExperiment {
  hashVersion: HashVersion;
  seed: string;
  seedState: number;
  /** Variation ranges flattened: start, end, start, end, … */
  ranges: Float64Array;
  results: readonly Assignment[];
  /** `force`'s assignment; null when force names no variation (GrowthBook: not in the experiment). */
  forceResult: Assignment | null | undefined;
}

interface ForcedEntry {
  /** The first running experiment (in the given order) that forces this player validly. */
  assignment: Assignment | null;
  /** Experiments forcing a variation that does not exist: the player is out of them. */
  excluded: readonly number[];
}

/** A layer compiled for fast assignment: compile once per change, then `assign` per player. */
export interface CompiledLayer {
  assign(userId: HashValue): Assignment | null;
  /** The player's layer bucket 0 … 9,999, or -1 for an empty ID. */
  bucket(userId: HashValue): number;
}

function checkRange([start, end]: BucketRange, key: string): void {
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end > LAYER_BUCKETS || start >= end)
    throw new RangeError(`experiment ${key}: bucket range [${start}, ${end}) is not within 0 … ${LAYER_BUCKETS}`);
}

/**
 * Compile a layer and its experiments. Only running experiments with at least two variations
 * take part. Throws when two running experiments own the same bucket or a range is malformed:
 * the experiments area refuses such a state before it is saved.
 */
export function compileLayer(layer: Layer, experiments: readonly LayerExperiment[]): CompiledLayer {
  const owner = new Int16Array(LAYER_BUCKETS).fill(-1);
  const compiled: CompiledExperiment[] = [];
  const forced = new Map<string, ForcedEntry>();
  experiments.forEach((experiment) => {
    if (experiment.status !== 'running' || experiment.variations < 2) return;
    const index = compiled.length;
    for (const range of experiment.ranges) {
      checkRange(range, experiment.key);
      for (let b = range[0]; b < range[1]; b += 1) {
        if (owner[b] !== -1)
          throw new RangeError(
            `experiments ${compiled[owner[b]].results[0].experimentKey} and ${experiment.key} both own bucket ${b}`,
          );
        owner[b] = index;
      }
    }
    const results = Array.from({ length: experiment.variations }, (_, variation) =>
      Object.freeze({ experimentKey: experiment.key, variation, forced: false }),
    );
    const forcedResults = results.map((r) => Object.freeze({ ...r, forced: true }));
    const valid = (v: number | undefined) =>
      v !== undefined && Number.isInteger(v) && v >= 0 && v < experiment.variations;
    compiled.push({
      hashVersion: experiment.hashVersion,
      // GrowthBook reads an empty seed as the key (`seed || key`).
      seed: experiment.seed || experiment.key,
      seedState: fnvText(FNV_OFFSET, experiment.seed || experiment.key),
      ranges: Float64Array.from(getBucketRanges(experiment.variations, experiment.coverage, experiment.weights).flat()),
      results,
      forceResult:
        experiment.force === undefined ? undefined : valid(experiment.force) ? forcedResults[experiment.force] : null,
    });
    for (const [userId, variation] of experiment.forced ?? []) {
      if (userId === '') continue;
      const entry = forced.get(userId) ?? { assignment: null, excluded: [] };
      if (entry.assignment) continue;
      forced.set(
        userId,
        valid(variation)
          ? { assignment: forcedResults[variation], excluded: entry.excluded }
          : { assignment: null, excluded: [...entry.excluded, index] },
      );
    }
  });

  // The game's user IDs are numbers: look them up without writing their text on every call.
  const forcedByNumber = new Map<number, ForcedEntry>();
  for (const [text, entry] of forced) {
    const n = Number(text);
    if (Number.isSafeInteger(n) && n >= 0 && String(n) === text) forcedByNumber.set(n, entry);
  }
  const layerState = fnvText(FNV_OFFSET, layer.namespace);
  const legacySeed = `__${layer.namespace}`;
  const bucket = (userId: HashValue): number => {
    // GrowthBook treats every falsy hash value (empty text, 0) as "no ID".
    if (userId === '' || userId === 0) return -1;
    return layer.hashVersion === 2 ? bucketV2(layerState, userId) : bucketV1(legacySeed, userId) * 10;
  };

  return {
    bucket,
    assign(userId) {
      const b = bucket(userId);
      if (b < 0) return null;
      let excluded: readonly number[] | undefined;
      if (forced.size > 0) {
        const entry =
          typeof userId === 'number' && userId >= 0 && Number.isSafeInteger(userId)
            ? forcedByNumber.get(userId)
            : forced.get(typeof userId === 'string' ? userId : String(userId));
        if (entry?.assignment) return entry.assignment;
        excluded = entry?.excluded;
      }
      const index = owner[b];
      if (index < 0 || excluded?.includes(index)) return null;
      const experiment = compiled[index];
      const n =
        experiment.hashVersion === 2
          ? bucketV2(experiment.seedState, userId) / 10_000
          : bucketV1(experiment.seed, userId) / 1000;
      const ranges = experiment.ranges;
      for (let i = 0; i < ranges.length; i += 2) {
        if (n >= ranges[i] && n < ranges[i + 1]) {
          return experiment.forceResult === undefined ? experiment.results[i >> 1] : experiment.forceResult;
        }
      }
      return null;
    },
  };
}

const compiledLayers = new WeakMap<readonly LayerExperiment[], { layer: Layer; compiled: CompiledLayer }>();

/**
 * The player's assignment in a layer: the running experiment whose ranges hold their layer bucket
 * and the variation its phase's hash picks, or null. A listed tester gets their forced variation
 * first. The compiled form is kept per experiments array (treat it as immutable), so repeated
 * calls with the same inputs cost one hash pair each.
 */
export function assign(layer: Layer, experiments: readonly LayerExperiment[], userId: HashValue): Assignment | null {
  let cached = compiledLayers.get(experiments);
  if (!cached || cached.layer.namespace !== layer.namespace || cached.layer.hashVersion !== layer.hashVersion) {
    cached = { layer, compiled: compileLayer(layer, experiments) };
    compiledLayers.set(experiments, cached);
  }
  return cached.compiled.assign(userId);
}

/**
 * The buckets of a layer that no running experiment owns, as ranges in order: what the buckets
 * page shows as free and where a new or growing experiment can take its share.
 */
export function freeBucketRanges(experiments: readonly LayerExperiment[]): BucketRange[] {
  const owned = experiments
    .filter((e) => e.status === 'running')
    .flatMap((e) => e.ranges)
    .sort((a, b) => a[0] - b[0]);
  const free: BucketRange[] = [];
  let at = 0;
  for (const [start, end] of owned) {
    if (start > at) free.push([at, start]);
    at = Math.max(at, end);
  }
  if (at < LAYER_BUCKETS) free.push([at, LAYER_BUCKETS]);
  return free;
}

/** The same experiment in GrowthBook's SDK terms (its `Experiment`, variations by index). */
export interface GrowthBookExperiment {
  key: string;
  variations: number[];
  weights?: number[];
  coverage: number;
  seed: string;
  hashVersion: HashVersion;
  active: boolean;
  force?: number;
  filters: { seed: string; hashVersion: HashVersion; attribute: 'id'; ranges: [number, number][] }[];
}

/**
 * An experiment of a layer as GrowthBook would run it: the layer becomes a namespace filter on the
 * `id` attribute (GrowthBook's multi-range namespace format; for a legacy layer the filter hashes
 * as `inNamespace` does), the phase's seed and hash version carry over. A listed tester maps to
 * GrowthBook's `forcedVariations` in that player's context.
 */
export function toGrowthBookExperiment(layer: Layer, experiment: LayerExperiment): GrowthBookExperiment {
  return {
    key: experiment.key,
    variations: Array.from({ length: experiment.variations }, (_, i) => i),
    ...(experiment.weights ? { weights: [...experiment.weights] } : {}),
    coverage: experiment.coverage,
    seed: experiment.seed,
    hashVersion: experiment.hashVersion,
    active: experiment.status === 'running',
    ...(experiment.force === undefined ? {} : { force: experiment.force }),
    filters: [
      {
        seed: layer.hashVersion === 2 ? layer.namespace : `__${layer.namespace}`,
        hashVersion: layer.hashVersion,
        attribute: 'id',
        ranges: experiment.ranges.map(([start, end]) => [start / LAYER_BUCKETS, end / LAYER_BUCKETS]),
      },
    ],
  };
}
