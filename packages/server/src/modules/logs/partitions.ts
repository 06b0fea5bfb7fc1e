import { type LogKind, logKinds } from '@rookery/contracts';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import {
  type DayPartitionedTable,
  dayPartitionsOf,
  dropExpiredDayPartitions,
  ensureDayPartitions,
} from '../../platform/db/partitions.js';
import { defineJob } from '../../platform/jobs/define.js';

export { PARTITION_DAYS_AHEAD } from '../../platform/db/partitions.js';

/** Days each kind of entry is kept (README "What the server keeps"). */
export const LOG_RETENTION_DAYS: Record<LogKind, number> = { client: 14, frontend: 30, server: 30 };
const tableOf = (kind: LogKind): DayPartitionedTable => ({ parent: `log_entries_${kind}`, root: 'log_entries' });

/** The day partitions that exist, per kind, as (name, day start). */
export async function dayPartitions(db: Db): Promise<{ name: string; kind: LogKind; day: Date }[]> {
  const all = await Promise.all(
    logKinds.map(async (kind) => (await dayPartitionsOf(db, tableOf(kind))).map((p) => ({ ...p, kind }))),
  );
  return all.flat();
}

/** Make the day partitions of every kind from `from`'s day to a few days after `now` (see `ensureDayPartitions`). */
export async function ensurePartitions(db: Db, now: Date, from: Date = now): Promise<string[]> {
  const made: string[] = [];
  for (const kind of logKinds) made.push(...(await ensureDayPartitions(db, tableOf(kind), now, from)));
  return made;
}

/** Drop every day partition wholly older than its kind's retention (never a row-by-row delete). */
export async function dropExpiredPartitions(db: Db, now: Date): Promise<string[]> {
  const dropped: string[] = [];
  for (const kind of logKinds)
    dropped.push(...(await dropExpiredDayPartitions(db, tableOf(kind), LOG_RETENTION_DAYS[kind], now)));
  return dropped;
}

/** Both, as the hourly job (one instance): make days ahead, drop expired days. */
export async function maintainLogPartitions(db: Db, now: Date) {
  const made = await ensurePartitions(db, now);
  const dropped = await dropExpiredPartitions(db, now);
  return { made: made.length, dropped: dropped.length };
}

export const logPartitionsJob = defineJob({
  name: 'logs.partitions',
  payload: z.object({}),
  schedule: { cron: '7 * * * *' },
  retry: { limit: 3, delaySeconds: 60, backoff: true },
  concurrency: 1,
  leaseSeconds: 15 * 60,
  handler: ({ db, clock }) => maintainLogPartitions(db, clock.now()),
});
