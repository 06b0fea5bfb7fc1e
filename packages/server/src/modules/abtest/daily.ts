import { type Experiment, experimentResource, parseMetric } from '@rookery/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { defineJob } from '../../platform/jobs/index.js';
import { itemDocuments } from '../../platform/resources/items.js';
import { exposureCounts, type MetricRow, metricRows } from './metrics.js';
import { EXPOSED, metricKeyOf } from './results.js';
import { abDaily } from './tables.js';

const DAY_MS = 86_400_000;
/** Days one run aggregates at most per phase (a long gap catches up over the next runs). */
const MAX_DAYS_PER_RUN = 60;
/** Phases that ended longer ago than this are left as they are. */
const ENDED_WINDOW_DAYS = 30;

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The daily aggregation (issue 30 item 5): for every experiment phase running or ended in the last
 * 30 days, each whole day (UTC) from the phase's start not aggregated yet gets the cumulative
 * figures up to that day's end (or the phase's end): exposures and each metric per variation.
 * Idempotent: a day is written once, in one statement per day, and a re-run changes nothing.
 * Returns the days written.
 */
export async function aggregateDaily(db: Db, now: Date): Promise<number> {
  // The experiments that ever ran (phase 0 is a draft's).
  const started = (await itemDocuments<Experiment>(db, experimentResource)).filter((e) => e.phase > 0);
  const today = Date.parse(`${dayOf(now)}T00:00:00Z`);
  let written = 0;
  for (const doc of started) {
    for (const [i, p] of doc.phases.entries()) {
      const phase = i + 1;
      const ended = p.stoppedAt ? Date.parse(p.stoppedAt) : null;
      if (ended !== null && ended < now.getTime() - ENDED_WINDOW_DAYS * DAY_MS) continue;
      const [last] = await db
        .select({ day: sql<string>`max(${abDaily.day})::text` })
        .from(abDaily)
        .where(and(eq(abDaily.experiment, doc.key), eq(abDaily.phase, phase), eq(abDaily.metric, EXPOSED)));
      const first = Date.parse(`${p.startedAt.slice(0, 10)}T00:00:00Z`);
      let day = last?.day ? Date.parse(`${last.day}T00:00:00Z`) + DAY_MS : first;
      let n = 0;
      // Whole days only, up to the phase's last day.
      while (day + DAY_MS <= today && (ended === null || day <= ended) && n < MAX_DAYS_PER_RUN) {
        const until = new Date(ended === null ? day + DAY_MS : Math.min(day + DAY_MS, ended));
        await writeDay(db, doc, phase, dayOf(new Date(day)), until);
        day += DAY_MS;
        n += 1;
        written += 1;
      }
    }
  }
  return written;
}

async function writeDay(db: Db, doc: Experiment, phase: number, day: string, until: Date) {
  const q = { experiment: doc.key, phase, until };
  const sets: [string, MetricRow[]][] = [[EXPOSED, await exposureCounts(db, q)]];
  for (const m of doc.metrics) {
    const parsed = parseMetric(m);
    if (parsed) sets.push([metricKeyOf(parsed), await metricRows(db, parsed, q)]);
  }
  const values = sets.flatMap(([metric, rows]) =>
    rows.map((r) => ({
      experiment: doc.key,
      phase,
      day,
      metric,
      variation: r.variation,
      n: r.n,
      sum: r.sum,
      sumSquares: r.sumSquares,
    })),
  );
  // A day without exposures still records that it was aggregated.
  if (!values.some((v) => v.metric === EXPOSED))
    values.push({ experiment: doc.key, phase, day, metric: EXPOSED, variation: 0, n: 0, sum: 0, sumSquares: 0 });
  await db.insert(abDaily).values(values).onConflictDoNothing();
}

/** The aggregation as a job: daily shortly after midnight UTC, one run at a time. */
export const abDailyJob = defineJob({
  name: 'abtest.daily',
  payload: z.object({}),
  schedule: { cron: '10 0 * * *' },
  retry: { limit: 3, delaySeconds: 60, backoff: true },
  concurrency: 1,
  leaseSeconds: 30 * 60,
  handler: ({ db, clock }) => aggregateDaily(db, clock.now()),
});
