import type { FastifyInstance } from 'fastify';
import { BufferedWriter, type BufferedWriterOptions } from '../db/buffered-writer.js';
import type { Db } from '../db/client.js';
import { type DayPartitionedTable, dropExpiredDayPartitions, ensureDayPartitions } from '../db/partitions.js';
import { accessLog } from '../db/tables.js';
import { housekeepingJob } from '../housekeeping.js';

type Row = typeof accessLog.$inferInsert;

/**
 * Every console API call gets an access-log row, written off the request path by the platform's
 * buffered writer (the request never waits on the log).
 */
export function installAccessLog(
  app: FastifyInstance,
  db: Db,
  opts: BufferedWriterOptions = { flushMs: 1000, maxBatch: 500, maxBuffered: 50_000 },
): void {
  const rows = new BufferedWriter<Row>('access log', (batch) => db.insert(accessLog).values(batch), app.log, opts);
  app.addHook('onResponse', async (req, reply) => {
    const url = req.url.split('?')[0];
    if (!url.startsWith('/api/') || url.startsWith('/api/game/') || url.startsWith('/api/docs')) return;
    rows.push({
      method: req.method,
      path: url.slice(0, 500),
      status: reply.statusCode,
      ms: reply.elapsedTime,
      actor: req.session?.username ?? null,
      ip: req.ip,
      at: app.clock.now(),
    });
  });
  app.addHook('onClose', () => rows.close());
  app.decorate('flushAccessLog', () => rows.flush());
}

declare module 'fastify' {
  interface FastifyInstance {
    flushAccessLog(): Promise<void>;
  }
}

/** Days an access-log row is kept: enough to look back on a month of console use. */
export const ACCESS_LOG_DAYS = 30;

/** The access log's day partitions (migration 0018). */
const accessLogDays: DayPartitionedTable = { parent: 'access_log', root: 'access_log' };

/**
 * Keep the access log's days: make the next days' partitions, drop the days older than
 * ACCESS_LOG_DAYS whole (never row by row). Returns how many days were dropped.
 */
export async function pruneAccessLog(db: Db, now: Date): Promise<number> {
  await ensureDayPartitions(db, accessLogDays, now);
  return (await dropExpiredDayPartitions(db, accessLogDays, ACCESS_LOG_DAYS, now)).length;
}

/** The maintenance as a job (hourly, one instance); the buffered writes above stay in each process. */
export const accessLogPruneJob = housekeepingJob('accessLog.prune', 37, pruneAccessLog);

/** Today's and the next days' partitions, before the first write of a process (the job keeps them ahead). */
export const ensureAccessLogDays = (db: Db, now: Date) => ensureDayPartitions(db, accessLogDays, now);
