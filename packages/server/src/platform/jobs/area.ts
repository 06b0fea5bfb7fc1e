import { auditTarget, cancellableJobStates, jobEndpoints, retryableJobStates, translate } from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import plans from 'pg-boss/src/plans.js';
import type { Database, Db } from '../db/client.js';
import { databaseErrorCode } from '../db/errors.js';
import { registerEndpoints } from '../http/endpoints.js';
import { AppError } from '../http/errors.js';
import { findJob, jobRuns, listJobs, summary, type TakeBackWords } from './admin.js';
import { executorOf } from './executor.js';
import { INSTANCE_GONE, JOB_SCHEMA, type JobQueue } from './queue.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's job queue (its instance ID, its sweep: tests and the take-over test's child). */
    jobs: JobQueue;
  }
}

const cancelCommand = plans.cancelJobs(JOB_SCHEMA);
const job = sql.raw(`${JOB_SCHEMA}.job`);

/**
 * The jobs page's calls: list, detail with every attempt, retry a failed or cancelled job, hand
 * over a running one whose instance is gone, cancel a waiting or running one.
 */
export function jobsModule({
  app,
  database,
  gameKeyHash,
  jobs,
}: {
  app: FastifyInstance;
  database: Database;
  gameKeyHash: string;
  jobs: JobQueue;
}) {
  app.decorate('jobs', jobs);
  const names = () => jobs.names;
  const words = (locale: 'zh-CN' | 'en-US'): TakeBackWords => ({
    leaseExpired: translate('job.leaseExpired', locale),
    instanceGone: translate('job.instanceGone', locale),
  });

  registerEndpoints(app, { db: database.db, gameKeyHash }, jobEndpoints, {
    listJobs: ({ db, query, locale }) => listJobs(db, names(), query, words(locale), jobs.goneSeconds),
    getJob: async ({ db, params, locale }) => {
      const found = await findJob(db, names(), params.id, jobs.goneSeconds);
      if (!found) throw new AppError(404, 'job.notFound');
      return {
        ...summary(found.row, words(locale)),
        payload: found.payload,
        retryDelaySeconds: Number(found.row.retry_delay),
        retryBackoff: found.row.retry_backoff,
        leaseSeconds: Number(found.row.lease),
        runs: await jobRuns(db, params.id, jobs.goneSeconds, words(locale)),
      };
    },
    retryJob: async (ctx) => change(ctx, 'retry'),
    handOverJob: async (ctx) => change(ctx, 'handOver'),
    cancelJob: async (ctx) => change(ctx, 'cancel'),
  });

  const refusal = { retry: 'job.notRetryable', handOver: 'job.notHandOver', cancel: 'job.notCancellable' } as const;

  async function change(
    ctx: { db: Db; params: { id: string }; locale: 'zh-CN' | 'en-US'; audit: (e: object) => void },
    what: 'retry' | 'handOver' | 'cancel',
  ) {
    const { db, params, locale } = ctx;
    const found = await findJob(db, names(), params.id, jobs.goneSeconds, { forUpdate: true });
    if (!found) {
      // Archived jobs are finished: nothing to retry, hand over or cancel.
      if (await findJob(db, names(), params.id, jobs.goneSeconds)) throw new AppError(409, refusal[what]);
      throw new AppError(404, 'job.notFound');
    }
    const before = summary(found.row, words(locale));
    const allowed =
      what === 'retry'
        ? retryableJobStates.includes(before.state)
        : what === 'cancel'
          ? cancellableJobStates.includes(before.state)
          : before.instanceGone;
    if (!allowed) throw new AppError(409, refusal[what]);
    const { name } = found.row;
    const fence = Number(found.row.retry_count);
    if (what === 'cancel') {
      await executorOf(db).executeSql(cancelCommand, [name, [params.id]]);
      await db.execute(sql`
        update job_runs set ended_at = now(), outcome = 'cancelled'
        where job_id = ${params.id} and fence = ${fence} and ended_at is null`);
    } else {
      try {
        // Waiting again, due now, with one more attempt allowed (an operator's retry or hand-over
        // costs the job none). The next fetch bumps the retry count: a new fence, so a late step
        // or completion of the cancelled or abandoned run is refused.
        await db.execute(sql`
          update ${job} set state = 'retry', retry_limit = retry_limit + 1, start_after = now(), completed_on = null
            ${what === 'handOver' ? sql`, output = jsonb_build_object('message', ${INSTANCE_GONE}::text, 'progress', output -> 'progress')` : sql``}
          where name = ${name} and id = ${params.id}`);
      } catch (err) {
        // A stately queue keeps one waiting retry per subject (a batch's generation).
        if (databaseErrorCode(err) === '23505') throw new AppError(409, 'job.retryWaiting');
        throw err;
      }
      if (what === 'handOver') {
        // The instance is declared gone: should it come back, it stops its runs instead of going on.
        await db.execute(sql`
          update instances set gone_at = now() where id = ${found.row.run_instance} and gone_at is null`);
        await db.execute(sql`
          update job_runs set ended_at = now(), outcome = 'gone', error = ${INSTANCE_GONE}
          where job_id = ${params.id} and fence = ${fence} and ended_at is null`);
      }
      // The runners of every instance wake when this commits.
      await db.execute(sql`select pg_notify('rookery_jobs', ${name})`);
    }
    const after = (await findJob(db, names(), params.id, jobs.goneSeconds))!;
    const result = summary(after.row, words(locale));
    ctx.audit({
      target: auditTarget('job', params.id),
      before: {
        name: before.name,
        state: before.state,
        attempts: before.attempts,
        error: before.error,
        ...(what === 'handOver' ? { instance: found.row.run_instance } : {}),
      },
      after: { name: result.name, state: result.state, maxAttempts: result.maxAttempts },
    });
    return result;
  }
}
