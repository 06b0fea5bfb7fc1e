import {
  chanceToBeatControl,
  type Experiment,
  type ExperimentResults,
  frequentistTest,
  type MetricKey,
  meanInterval,
  parseMetric,
  sampleRatioMismatch,
  summarize,
} from '@rookery/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/http/errors.js';
import { exposureCounts, type MetricQuery, type MetricRow, metricRows, type Segment } from './metrics.js';
import { abDaily } from './tables.js';

type MetricResult = ExperimentResults['metrics'][number]['rows'][number];

/** Segments shown per kind: the largest by exposures. */
const SEGMENTS_SHOWN = 8;

/** One metric's rows per variation: mean and interval, and against control the uplift, p-value and chance to win. */
export function compareVariations(rows: readonly MetricRow[], variations: number): MetricResult[] {
  const stats = Array.from({ length: variations }, (_, v) => {
    const r = rows.find((x) => x.variation === v);
    return { n: r?.n ?? 0, sum: r?.sum ?? 0, sumSquares: r?.sumSquares ?? 0 };
  });
  const control = stats[0];
  return stats.map((s, v) => {
    const test = v === 0 ? null : frequentistTest(control, s);
    const bayes = v === 0 ? null : chanceToBeatControl(control, s);
    return {
      variation: v,
      n: s.n,
      mean: summarize(s).mean,
      ci: meanInterval(s),
      uplift: test?.uplift ?? null,
      upliftCi: test?.ci ?? null,
      pValue: test?.pValue ?? null,
      chanceToBeat: bayes?.chance ?? null,
    };
  });
}

const perVariation = (rows: readonly MetricRow[], variations: number) =>
  Array.from({ length: variations }, (_, v) => rows.find((r) => r.variation === v)?.n ?? 0);

/**
 * An experiment phase's results now (issue 30 item 6): exposures per variation and the SRM check
 * against the phase's weights, each metric per variation against control, the same per segment
 * (the largest os and country segments), and the daily cumulative figures of the aggregation job.
 * A phase that is over counts up to its end.
 */
export async function experimentResults(
  db: Db,
  doc: Experiment,
  phaseAsked: number | undefined,
  now: Date,
): Promise<ExperimentResults> {
  const phase = phaseAsked ?? doc.phase;
  const phases = doc.phases.map((p, i) => ({ phase: i + 1, startedAt: p.startedAt, stoppedAt: p.stoppedAt }));
  const variations = doc.variations.map((v, index) => ({ index, name: v.name, weight: v.weight / 100, exposed: 0 }));
  const empty: ExperimentResults = {
    experiment: doc.key,
    phase,
    phases,
    at: now.toISOString(),
    variations,
    srm: null,
    metrics: [],
    segments: [],
    daily: [],
  };
  if (phase === 0) return empty;
  const record = doc.phases[phase - 1];
  if (!record) throw notFound('abtest.phaseNotFound');
  const until = record.stoppedAt ? new Date(record.stoppedAt) : now;
  const q: MetricQuery = { experiment: doc.key, phase, until };
  const k = doc.variations.length;
  const weights = record.weights.map((w) => w / 100);
  const metrics = doc.metrics.flatMap((m) => {
    const parsed = parseMetric(m);
    return parsed ? [{ key: m, metric: parsed }] : [];
  });

  const exposed = perVariation(await exposureCounts(db, q), k);
  const byMetric = async (segment?: Segment) =>
    Promise.all(
      metrics.map(async ({ key, metric }) => ({ key, metric, rows: await metricRows(db, metric, { ...q, segment }) })),
    );
  const overall = await byMetric();

  const segments: ExperimentResults['segments'] = [];
  for (const kind of ['os', 'country'] as const) {
    const counts = await exposureCounts(db, { ...q, segment: kind });
    const totals = new Map<string, number>();
    for (const r of counts) totals.set(r.segment ?? '', (totals.get(r.segment ?? '') ?? 0) + r.n);
    const shown = [...totals.entries()]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, SEGMENTS_SHOWN)
      .map(([s]) => s);
    const segmentMetrics = await byMetric(kind);
    for (const segment of shown)
      segments.push({
        kind,
        segment,
        exposed: perVariation(
          counts.filter((r) => (r.segment ?? '') === segment),
          k,
        ),
        metrics: segmentMetrics.map(({ key, rows }) => ({
          metric: key,
          rows: compareVariations(
            rows.filter((r) => (r.segment ?? '') === segment),
            k,
          ),
        })),
      });
  }

  return {
    ...empty,
    variations: variations.map((v, i) => ({ ...v, weight: weights[i] ?? v.weight, exposed: exposed[i] })),
    srm: sampleRatioMismatch(exposed, weights),
    metrics: overall.map(({ key, rows }) => ({ metric: key, rows: compareVariations(rows, k) })),
    segments,
    daily: await dailyResults(
      db,
      doc.key,
      phase,
      k,
      metrics.map((m) => m.metric),
    ),
  };
}

/** The daily cumulative figures the aggregation job wrote: exposures and each metric's mean per variation. */
async function dailyResults(
  db: Db,
  experiment: string,
  phase: number,
  variations: number,
  metrics: readonly MetricKey[],
): Promise<ExperimentResults['daily']> {
  const rows = await db
    .select()
    .from(abDaily)
    .where(and(eq(abDaily.experiment, experiment), eq(abDaily.phase, phase)))
    .orderBy(asc(abDaily.day), asc(abDaily.metric), asc(abDaily.variation));
  const days = new Map<string, ExperimentResults['daily'][number]>();
  const keys = new Set(metrics.map(metricKeyOf));
  for (const r of rows) {
    let day = days.get(r.day);
    if (!day) {
      day = { day: r.day, exposed: new Array<number>(variations).fill(0), metrics: {} };
      days.set(r.day, day);
    }
    if (r.variation >= variations) continue;
    if (r.metric === EXPOSED) day.exposed[r.variation] = r.n;
    else if (keys.has(r.metric)) {
      const values = day.metrics[r.metric] ?? new Array<number | null>(variations).fill(null);
      values[r.variation] = r.n > 0 ? r.sum / r.n : null;
      day.metrics[r.metric] = values;
    }
  }
  return [...days.values()];
}

/** The aggregation's row name for exposures. */
export const EXPOSED = 'exposed';

/** A metric's stable key (as the experiment names it). */
export function metricKeyOf(m: MetricKey): string {
  return m.kind === 'retention' ? `retention:${m.days}` : `event:${m.name}:${m.aggregate}`;
}
