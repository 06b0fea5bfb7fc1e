import { DAY_MS, type JobName } from '@rookery/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from './db/client.js';
import { defineJob } from './jobs/define.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * A prune as a job: hourly at `minute` past the hour (UTC) on one instance, retried three times
 * with backoff, its result (rows removed) kept on the job. `prune` is an idempotent delete
 * reading the service clock's `now`.
 */
export function housekeepingJob(name: JobName, minute: number, prune: (db: Db, now: Date) => Promise<unknown>) {
  return defineJob({
    name,
    payload: z.object({}),
    schedule: { cron: `${minute} * * * *` },
    retry: { limit: 3, delaySeconds: 60, backoff: true },
    concurrency: 1,
    leaseSeconds: 15 * 60,
    handler: ({ db, clock }) => prune(db, clock.now()),
  });
}

/**
 * Run `job` every `intervalMs` (hourly by default) off the request path, until the app closes.
 * The first run waits one interval, so tests and short runs never see it; a failure is logged
 * and the next run tries again. Every instance runs its own (what must run once across instances
 * is a job: `housekeepingJob`).
 */
export function scheduleHousekeeping(
  app: FastifyInstance,
  name: string,
  job: () => Promise<unknown>,
  intervalMs = HOUR_MS,
): void {
  const timer = setInterval(() => {
    job().catch((err: unknown) => app.log.warn({ err }, `${name} housekeeping failed`));
  }, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/** `days` days before `now`, as a timestamp parameter. */
export const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();

/**
 * Delete in batches until a batch comes back short: `deleteBatch(limit)` is a DELETE of at most
 * `limit` rows (without RETURNING). Many short statements instead of one long one, so a prune
 * never holds locks or a transaction across the whole backlog. Returns the rows removed.
 */
export async function deleteInBatches(db: Db, deleteBatch: (limit: number) => SQL, limit = 5000): Promise<number> {
  let total = 0;
  for (;;) {
    const result = (await db.execute(
      sql`with gone as (${deleteBatch(limit)} returning 1) select count(*)::int as n from gone`,
    )) as unknown as { rows: { n: number }[] };
    const removed = Number(result.rows[0].n);
    total += removed;
    if (removed < limit) return total;
  }
}
