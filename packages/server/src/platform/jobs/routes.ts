import { auditTarget, cancellableJobStates, jobEndpoints, retryableJobStates, translate } from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import plans from 'pg-boss/src/plans.js';
import type { Database } from '../db/client.js';
import { registerEndpoints } from '../http/endpoints.js';
import { AppError } from '../http/errors.js';
import { findJob, listJobs, summary } from './admin.js';
import { executorOf } from './executor.js';
import { JOB_SCHEMA, type JobQueue } from './queue.js';

const retryCommand = plans.retryJobs(JOB_SCHEMA);
const cancelCommand = plans.cancelJobs(JOB_SCHEMA);

/** The jobs page's calls: list, detail, retry a failed job, cancel a waiting or running one. */
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
  const names = () => jobs.names;
  const lease = (locale: 'zh-CN' | 'en-US') => translate('job.leaseExpired', locale);

  registerEndpoints(app, { db: database.db, gameKeyHash }, jobEndpoints, {
    listJobs: ({ db, query, locale }) => listJobs(db, names(), query, lease(locale)),
    getJob: async ({ db, params, locale }) => {
      const found = await findJob(db, names(), params.id);
      if (!found) throw new AppError(404, 'job.notFound');
      return {
        ...summary(found.row, lease(locale)),
        payload: found.payload,
        retryDelaySeconds: Number(found.row.retry_delay),
        retryBackoff: found.row.retry_backoff,
        leaseSeconds: Number(found.row.lease),
      };
    },
    retryJob: async (ctx) => change(ctx, 'retry'),
    cancelJob: async (ctx) => change(ctx, 'cancel'),
  });

  async function change(
    ctx: {
      db: import('../db/client.js').Db;
      params: { id: string };
      locale: 'zh-CN' | 'en-US';
      audit: (e: object) => void;
    },
    what: 'retry' | 'cancel',
  ) {
    const { db, params, locale } = ctx;
    const found = await findJob(db, names(), params.id, { forUpdate: true });
    if (!found) {
      // Archived jobs are finished: nothing to retry or cancel.
      if (await findJob(db, names(), params.id)) {
        throw new AppError(409, what === 'retry' ? 'job.notRetryable' : 'job.notCancellable');
      }
      throw new AppError(404, 'job.notFound');
    }
    const before = summary(found.row, lease(locale));
    const allowed = what === 'retry' ? retryableJobStates : cancellableJobStates;
    if (!allowed.includes(before.state)) {
      throw new AppError(409, what === 'retry' ? 'job.notRetryable' : 'job.notCancellable');
    }
    await executorOf(db).executeSql(what === 'retry' ? retryCommand : cancelCommand, [found.row.name, [params.id]]);
    // The runners of every instance wake when this commits.
    if (what === 'retry') await db.execute(sql`select pg_notify('rookery_jobs', ${found.row.name})`);
    const after = (await findJob(db, names(), params.id))!;
    const result = summary(after.row, lease(locale));
    ctx.audit({
      target: auditTarget('job', params.id),
      before: { name: before.name, state: before.state, attempts: before.attempts, error: before.error },
      after: { name: result.name, state: result.state, maxAttempts: result.maxAttempts },
    });
    return result;
  }
}
