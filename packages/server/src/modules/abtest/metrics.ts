import type { MetricKey } from '@rookery/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { rowsOf } from '../../platform/db/rows.js';

/** A breakdown of results: by the player's os or country at exposure. */
export type Segment = 'os' | 'country';

/** One variation's (and segment's) figures: players counted, the sum and sum of squares of their values. */
export interface MetricRow {
  variation: number;
  segment: string | null;
  n: number;
  sum: number;
  sumSquares: number;
}

export interface MetricQuery {
  experiment: string;
  phase: number;
  /** Count what happened before this time (the phase's end, a day's end, or now). */
  until: Date;
  segment?: Segment;
}

/** A source of one kind of metric: per exposed player a value, aggregated per variation (and segment). */
export type MetricSource<K extends MetricKey['kind'] = MetricKey['kind']> = (
  db: Db,
  metric: Extract<MetricKey, { kind: K }>,
  q: MetricQuery,
) => Promise<MetricRow[]>;

const segmentOf = (segment: Segment | undefined): SQL =>
  segment === 'os' ? sql`coalesce(e.os, '')` : segment === 'country' ? sql`coalesce(e.country, '')` : sql`null::text`;

/** Sum a per-player value `v` (an SQL expression over exposure `e`) over the phase's exposures. */
async function aggregate(db: Db, q: MetricQuery, value: SQL, extraWhere: SQL = sql``): Promise<MetricRow[]> {
  const rows = rowsOf<{ variation: number; segment: string | null; n: number; sum: number; sum_squares: number }>(
    await db.execute(sql`
      select variation, segment, count(*)::int as n, coalesce(sum(v), 0)::float8 as sum,
             coalesce(sum(v * v), 0)::float8 as sum_squares
      from (
        select e.variation, ${segmentOf(q.segment)} as segment, (${value})::float8 as v
        from ab_exposures e
        where e.experiment = ${q.experiment} and e.phase = ${q.phase} and e.at < ${q.until.toISOString()}::timestamptz
        ${extraWhere}
      ) x
      group by variation, segment
      order by variation, segment`),
  );
  return rows.map((r) => ({
    variation: Number(r.variation),
    segment: r.segment,
    n: Number(r.n),
    sum: Number(r.sum),
    sumSquares: Number(r.sum_squares),
  }));
}

/** Exposures per variation (and segment): `n` players, each counting 1. */
export const exposureCounts = (db: Db, q: MetricQuery) => aggregate(db, q, sql`1`);

/**
 * The metric sources by kind. Retention: 1 when the player logged in on the calendar day (UTC)
 * `days` after the day of their exposure, else 0, counting only players whose day has ended
 * before `until`. Events: the player's events of that name from their exposure on — whether any
 * (`any`), how many (`count`) or the sum of their values (`sum`). Purchases join once orders exist.
 */
export const metricSources: { [K in MetricKey['kind']]: MetricSource<K> } = {
  retention: (db, m, q) => {
    const dayStart = sql`date_trunc('day', e.at, 'UTC') + make_interval(days => ${m.days})`;
    const dayEnd = sql`date_trunc('day', e.at, 'UTC') + make_interval(days => ${m.days + 1})`;
    return aggregate(
      db,
      q,
      sql`case when exists (
        select 1 from player_events p
        where p.user_id = e.user_id and p.type = 'login' and p.at >= ${dayStart} and p.at < ${dayEnd}
      ) then 1 else 0 end`,
      sql`and ${dayEnd} <= ${q.until.toISOString()}::timestamptz`,
    );
  },
  event: (db, m, q) => {
    const of = sql`from game_events g where g.user_id = e.user_id and g.name = ${m.name}
      and g.at >= e.at and g.at < ${q.until.toISOString()}::timestamptz`;
    const value =
      m.aggregate === 'sum'
        ? sql`(select coalesce(sum(g.value), 0) ${of})`
        : m.aggregate === 'count'
          ? sql`(select count(*) ${of})`
          : sql`case when exists (select 1 ${of}) then 1 else 0 end`;
    return aggregate(db, q, value);
  },
};

/** A metric's rows from its source. */
export function metricRows(db: Db, metric: MetricKey, q: MetricQuery): Promise<MetricRow[]> {
  return metric.kind === 'retention' ? metricSources.retention(db, metric, q) : metricSources.event(db, metric, q);
}
