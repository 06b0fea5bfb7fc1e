import { type Experiment, GrowthBookClient } from '@growthbook/growthbook';
import {
  type Assignment,
  compileLayer,
  type Layer,
  type LayerExperiment,
  phaseSeed,
  toGrowthBookExperiment,
} from '@rookery/contracts';
import { benchPlayerCount, benchSeconds, log, percentile, resultLine } from './harness.js';

/**
 * `ab-assign`: assigning BENCH_PLAYERS user IDs (default 1,000,000) across one layer of five
 * running experiments with three variations each (different shares of the layer, coverages,
 * weights, a later phase's seed, twenty listed testers), ours (`compileLayer(…).assign`) against
 * GrowthBook's JavaScript SDK running the same five experiments for the player (`run()` through
 * the multi-user client's `runInlineExperiment`, each experiment's layer as its namespace filter)
 * in the same process. Every player is assigned by both, in alternating slices that are timed,
 * and the answers must agree for all of them. Rounds of slices then repeat until BENCH_SECONDS
 * (default 10) have passed. Target: ours ≥ 5× faster per player. Pure CPU, no database.
 */

const SECONDS = benchSeconds(10);
const SLICE = 10_000;

const layer: Layer = { namespace: 'home-screen', hashVersion: 2 };

/** The game's user IDs: numbers from 10,000,000 on, in no particular order. */
const userId = (i: number) => 10_000_000 + ((i * 2_654_435_761) % 4_000_000_007);

/** Twenty listed testers spread over the players, four per experiment, in every variation. */
function experiments(count: number): LayerExperiment[] {
  const testers = (experiment: number) =>
    new Map(
      Array.from({ length: 4 }, (_, k): [string, number] => {
        const t = experiment * 4 + k;
        return [String(userId(Math.floor(((t + 0.5) * count) / 20))), t % 3];
      }),
    );
  const shape: [string, [number, number][], number, number[] | undefined, number][] = [
    ['home-banner', [[0, 1500]], 1, undefined, 1],
    ['shop-layout', [[1500, 3500]], 0.8, [0.5, 0.25, 0.25], 2],
    [
      'daily-reward',
      [
        [3500, 4000],
        [8000, 9000],
      ],
      1,
      [0.2, 0.4, 0.4],
      1,
    ],
    ['tutorial-skip', [[4000, 6000]], 0.5, undefined, 3],
    ['energy-cap', [[6000, 8000]], 1, [0.34, 0.33, 0.33], 1],
  ];
  return shape.map(([key, ranges, coverage, weights, phase], i) => ({
    key,
    status: 'running',
    ranges,
    seed: phaseSeed(key, phase),
    hashVersion: 2,
    variations: 3,
    coverage,
    weights,
    forced: testers(i),
  }));
}

export async function benchAbAssign(): Promise<string> {
  const count = benchPlayerCount();
  const list = experiments(count);
  const compiled = compileLayer(layer, list);
  const client = new GrowthBookClient().initSync({ payload: { features: {} } });
  const theirExperiments = list.map((e) => toGrowthBookExperiment(layer, e) as Experiment<number>);
  // GrowthBook's forcedVariations live in the player's context: built once per tester.
  const forcedOf = new Map<number, Record<string, number>>();
  for (const e of list)
    for (const [id, v] of e.forced ?? []) forcedOf.set(Number(id), { ...forcedOf.get(Number(id)), [e.key]: v });

  // An answer as one number: experiment index × 8 + variation × 2 + forced, or -1 for none.
  const keyIndex = new Map(list.map((e, i) => [e.key, i]));
  const code = (a: Assignment | null) => (a ? keyIndex.get(a.experimentKey)! * 8 + a.variation * 2 + +a.forced : -1);
  const ours = new Int32Array(SLICE);
  const theirs = new Int32Array(SLICE);

  const runOurs = (from: number, n: number) => {
    const t = process.hrtime.bigint();
    for (let i = 0; i < n; i += 1) ours[i] = code(compiled.assign(userId(from + i)));
    return Number(process.hrtime.bigint() - t);
  };
  const runTheirs = (from: number, n: number) => {
    const t = process.hrtime.bigint();
    for (let i = 0; i < n; i += 1) {
      const id = userId(from + i);
      const context = { attributes: { id }, forcedVariations: forcedOf.get(id) };
      let answer = -1;
      // A forced tester takes their experiment first (one experiment per layer), as ours does.
      for (let x = 0; x < theirExperiments.length; x += 1) {
        const r = client.runInlineExperiment(theirExperiments[x], context);
        if (r.inExperiment && (answer < 0 || (!r.hashUsed && !(answer & 1))))
          answer = x * 8 + r.variationId * 2 + +!r.hashUsed;
      }
      theirs[i] = answer;
    }
    return Number(process.hrtime.bigint() - t);
  };

  log(`assigning ${count.toLocaleString('en-US')} players, ours and GrowthBook's, in slices of ${SLICE}`);
  const ratios: number[] = [];
  let oursNs = 0;
  let theirsNs = 0;
  let timed = 0;
  let disagree = 0;
  let enrolled = 0;
  let forced = 0;
  const started = Date.now();
  let round = 0;
  do {
    for (let from = 0; from < count; from += SLICE) {
      const n = Math.min(SLICE, count - from);
      const a = runOurs(from, n);
      const b = runTheirs(from, n);
      oursNs += a;
      theirsNs += b;
      timed += n;
      ratios.push(b / a);
      if (round === 0) {
        for (let i = 0; i < n; i += 1) {
          if (ours[i] !== theirs[i]) disagree += 1;
          if (ours[i] >= 0) enrolled += 1;
          if (ours[i] >= 0 && ours[i] & 1) forced += 1;
        }
      }
    }
    round += 1;
  } while (Date.now() - started < SECONDS * 1000);

  log(
    `${disagree} of ${count.toLocaleString('en-US')} players disagree; ${enrolled.toLocaleString('en-US')} enrolled (${forced} listed testers); ${round} round(s)`,
  );
  if (disagree !== 0) throw new Error(`${disagree} of ${count} assignments differ from GrowthBook's`);
  if (forced !== Math.min(20, count) || (count >= 10_000 && (enrolled < count * 0.6 || enrolled > count * 0.9)))
    throw new Error(`unexpected enrolment: ${enrolled} enrolled, ${forced} testers`);
  const perOurs = oursNs / timed;
  const perTheirs = theirsNs / timed;
  return resultLine(
    'ab-assign',
    `${perOurs.toFixed(0)} ns per player over a layer of 5 experiments × 3 variations; ${count.toLocaleString('en-US')} players, ${disagree} disagree with GrowthBook`,
    percentile(ratios, 50),
    `GrowthBook JS SDK run() ${perTheirs.toFixed(0)} ns per player for the same 5 experiments; median of ${ratios.length} alternating slices`,
  );
}
