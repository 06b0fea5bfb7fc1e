import type { JobName, JobState, JobSummary } from '@rookery/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { redact } from '../http/audit.js';
import { JOB_SCHEMA } from './queue.js';

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
    message?: string;
    value?: { message?: string };
  } | null;
  created_on: Date | string;
  start_after: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string | null;
}

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

/** A row as the jobs page reads it. `leaseExpired` is the catalogue's words for pg-boss's timeout. */
export function summary(row: JobRow, leaseExpired: string): JobSummary {
  const output = row.state === 'completed' || row.state === 'active' || row.state === 'cancelled' ? null : row.output;
  const raw = output?.message ?? output?.value?.message ?? null;
  const cause = row.data?.cause;
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    attempts: row.started_on ? Number(row.retry_count) + 1 : 0,
    maxAttempts: Number(row.retry_limit) + 1,
    progress: row.output?.progress ?? null,
    error: raw === LEASE_EXPIRED ? leaseExpired : raw,
    cause: { actor: cause?.actor ?? null, action: cause?.action ?? 'schedule', target: cause?.target ?? null },
    createdAt: asDate(row.created_on),
    startAfter: asDate(row.start_after),
    startedAt: row.started_on ? asDate(row.started_on) : null,
    completedAt: row.completed_on ? asDate(row.completed_on) : null,
  };
}

export async function listJobs(
  db: Db,
  names: readonly string[],
  q: { page: number; pageSize: number; state?: JobState; name?: JobName },
  leaseExpired: string,
) {
  const where = sql.join(
    [sql`true`, q.state ? sql`state = ${q.state}` : undefined, q.name ? sql`name = ${q.name}` : undefined].filter(
      (c): c is SQL => c !== undefined,
    ),
    sql` and `,
  );
  const all = allJobs(names, where);
  const [count, page] = await Promise.all([
    db.execute(sql`select count(*)::int as n from ${all} as j`),
    db.execute(
      sql`select * from ${all} as j order by created_on desc, id limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
    ),
  ]);
  const rows = (page as unknown as { rows: JobRow[] }).rows;
  return {
    list: rows.map((r) => summary(r, leaseExpired)),
    pagination: {
      page: q.page,
      pageSize: q.pageSize,
      total: Number((count as unknown as { rows: { n: number }[] }).rows[0].n),
    },
  };
}

/** One job, live or archived, with its payload (secret-looking fields hidden). */
export async function findJob(db: Db, names: readonly string[], id: string, opts: { forUpdate?: boolean } = {}) {
  const rows = opts.forUpdate
    ? await db.execute(
        sql`select ${columns} from ${job} where name = any(${sql.param(names)}::text[]) and id = ${id} for update`,
      )
    : await db.execute(sql`select * from ${allJobs(names, sql`id = ${id}`)} as j limit 1`);
  const row = (rows as unknown as { rows: JobRow[] }).rows[0];
  return row ? { row, payload: redact(row.data?.payload ?? null) } : undefined;
}
