import {
  type JobName,
  type JobRun,
  type JobRunOutcome,
  type JobState,
  type JobSummary,
  SCHEDULED_JOB_ACTION,
} from '@rookery/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { redact } from '../http/audit.js';
import { INSTANCE_GONE, JOB_SCHEMA } from './queue.js';

/** pg-boss's own message when maintenance takes a job back from a run past its lease. */
const LEASE_EXPIRED = 'job failed by timeout in active state';

interface JobRow {
  id: string;
  name: JobName;
  state: JobState;
  retry_count: number;
  retry_limit: number;
  retry_delay: number;
  retry_backoff: boolean;
  lease: number;
  data: { payload?: unknown; cause?: { actor?: string | null; action?: string; target?: string | null } } | null;
  output: {
    progress?: { done: number; total: number } | null;
    /** What the handler answered (a completed job). */
    result?: unknown;
    message?: string;
    value?: { message?: string };
  } | null;
  created_on: Date | string;
  start_after: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string | null;
  /** The current attempt's run (joined): its instance, whether that still beats, its last report. */
  run_instance?: string | null;
  run_alive?: boolean | null;
  run_reported_at?: Date | string | null;
}

/** The catalogue's words for the two take-back messages the job's row may hold. */
export interface TakeBackWords {
  leaseExpired: string;
  instanceGone: string;
}

/** An instance is alive while its row is not marked gone and its heartbeat is fresher than `goneSeconds` (database clock). */
const aliveSql = (goneSeconds: number) =>
  sql`(i.id is not null and i.gone_at is null and i.last_seen_at >= now() - make_interval(secs => ${goneSeconds}))`;

/** Joins the current attempt's run and its instance to rows `j` of the job tables. */
const withRun = () => sql`
  left join job_runs r on r.job_id = j.id and r.fence = j.retry_count
  left join instances i on i.id = r.instance_id`;
const runColumns = (goneSeconds: number) =>
  sql`r.instance_id as run_instance, ${aliveSql(goneSeconds)} as run_alive, r.reported_at as run_reported_at`;

const columns = sql.raw(
  'id, name, state::text as state, retry_count, retry_limit, retry_delay, retry_backoff, extract(epoch from expire_in)::float8 as lease, data, output, created_on, start_after, started_on, completed_on',
);
const job = sql.raw(`${JOB_SCHEMA}.job`);
const archive = sql.raw(`${JOB_SCHEMA}.archive`);

/** Live jobs and archived ones (finished more than an hour ago, kept a week): one list. */
const allJobs = (names: readonly string[], where: SQL) => sql`
  (select ${columns} from ${job} where name = any(${sql.param(names)}::text[]) and ${where}
   union all
   select ${columns} from ${archive} where name = any(${sql.param(names)}::text[]) and ${where})`;

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/** A row as the jobs page reads it: pg-boss's timeout and our take-back in the catalogue's words. */
export function summary(row: JobRow, words: TakeBackWords): JobSummary {
  const output = row.state === 'completed' || row.state === 'active' || row.state === 'cancelled' ? null : row.output;
  const raw = output?.message ?? output?.value?.message ?? null;
  const cause = row.data?.cause;
  const active = row.state === 'active';
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    attempts: row.started_on ? Number(row.retry_count) + 1 : 0,
    maxAttempts: Number(row.retry_limit) + 1,
    progress: row.output?.progress ?? null,
    error: raw === LEASE_EXPIRED ? words.leaseExpired : raw === INSTANCE_GONE ? words.instanceGone : raw,
    result: row.state === 'completed' ? (row.output?.result ?? null) : null,
    cause: { actor: cause?.actor ?? null, action: cause?.action ?? 'schedule', target: cause?.target ?? null },
    // A run without a row (started before runs were recorded) is left to its lease.
    instanceGone: active && row.run_instance != null && row.run_alive === false,
    reportedAt: active && row.run_reported_at ? asDate(row.run_reported_at) : null,
    createdAt: asDate(row.created_on),
    startAfter: asDate(row.start_after),
    startedAt: row.started_on ? asDate(row.started_on) : null,
    completedAt: row.completed_on ? asDate(row.completed_on) : null,
  };
}

export async function listJobs(
  db: Db,
  names: readonly string[],
  q: { page: number; pageSize: number; state?: JobState; name?: JobName; routine?: 'shown' },
  words: TakeBackWords,
  goneSeconds: number,
) {
  // A schedule's completed run that nobody caused is routine: folded away unless asked for.
  const routine = sql`(state = 'completed' and data->'cause'->>'action' = ${SCHEDULED_JOB_ACTION} and coalesce(data->'cause'->>'actor', '') = '')`;
  const where = sql.join(
    [
      sql`true`,
      q.state ? sql`state = ${q.state}` : undefined,
      q.name ? sql`name = ${q.name}` : undefined,
      q.routine || q.name ? undefined : sql`not ${routine}`,
    ].filter((c): c is SQL => c !== undefined),
    sql` and `,
  );
  const all = allJobs(names, where);
  const [count, page] = await Promise.all([
    db.execute(sql`select count(*)::int as n from ${all} as j`),
    db.execute(
      sql`select j.*, ${runColumns(goneSeconds)} from ${all} as j ${withRun()}
          order by j.created_on desc, j.id limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
    ),
  ]);
  const rows = (page as unknown as { rows: JobRow[] }).rows;
  return {
    list: rows.map((r) => summary(r, words)),
    pagination: {
      page: q.page,
      pageSize: q.pageSize,
      total: Number((count as unknown as { rows: { n: number }[] }).rows[0].n),
    },
  };
}

/**
 * One job, live or archived, with its payload (secret-looking fields hidden) and its current
 * run. `forUpdate` reads the live row only, locked (a retry, cancel or hand-over).
 */
export async function findJob(
  db: Db,
  names: readonly string[],
  id: string,
  goneSeconds: number,
  opts: { forUpdate?: boolean } = {},
) {
  const rows = opts.forUpdate
    ? await db.execute(sql`
        select j.*, ${runColumns(goneSeconds)}
        from (select ${columns} from ${job} where name = any(${sql.param(names)}::text[]) and id = ${id} for update) as j
        ${withRun()}`)
    : await db.execute(
        sql`select j.*, ${runColumns(goneSeconds)} from ${allJobs(names, sql`id = ${id}`)} as j ${withRun()} limit 1`,
      );
  const row = (rows as unknown as { rows: JobRow[] }).rows[0];
  return row ? { row, payload: redact(row.data?.payload ?? null) } : undefined;
}

/** A job's attempts, first to last, each with its instance and whether that still beats. */
export async function jobRuns(db: Db, id: string, goneSeconds: number, words: TakeBackWords): Promise<JobRun[]> {
  const rows = (await db.execute(sql`
    select r.fence, r.instance_id, r.started_at, r.reported_at, r.ended_at, r.outcome, r.error,
      ${aliveSql(goneSeconds)} as alive
    from job_runs r left join instances i on i.id = r.instance_id
    where r.job_id = ${id} order by r.fence`)) as unknown as {
    rows: {
      fence: number;
      instance_id: string;
      started_at: Date | string;
      reported_at: Date | string;
      ended_at: Date | string | null;
      outcome: JobRunOutcome | null;
      error: string | null;
      alive: boolean;
    }[];
  };
  return rows.rows.map((r) => ({
    attempt: Number(r.fence) + 1,
    instance: r.instance_id,
    instanceAlive: Boolean(r.alive),
    startedAt: asDate(r.started_at),
    reportedAt: asDate(r.reported_at),
    endedAt: r.ended_at ? asDate(r.ended_at) : null,
    outcome: r.outcome,
    error: r.error === INSTANCE_GONE ? words.instanceGone : r.error,
  }));
}
