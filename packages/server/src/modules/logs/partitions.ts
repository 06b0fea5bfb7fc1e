import { DAY_MS, type LogKind, logKinds } from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { defineJob } from '../../platform/jobs/define.js';

/** Days each kind of entry is kept (README "What the server keeps"). */
export const LOG_RETENTION_DAYS: Record<LogKind, number> = { client: 14, frontend: 30, server: 30 };
/** Day partitions made ahead of today, so a write never lands in the default partition. */
export const PARTITION_DAYS_AHEAD = 3;

/** `20261124` for the UTC day of `t`. */
const dayTag = (t: Date) => t.toISOString().slice(0, 10).replaceAll('-', '');
const dayStart = (t: Date) => new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate()));
const partitionName = (kind: LogKind, day: Date) => `log_entries_${kind}_${dayTag(day)}`;
const tagPattern = /^log_entries_(client|frontend|server)_(\d{8})$/;

type Rows<T> = { rows: T[] };

/** The day partitions that exist, per kind, as (name, day start). */
export async function dayPartitions(db: Db): Promise<{ name: string; kind: LogKind; day: Date }[]> {
  const result = (await db.execute(sql`
    select c.relname as name from pg_inherits i
      join pg_class c on c.oid = i.inhrelid
      join pg_class p on p.oid = i.inhparent
     where p.relname in ('log_entries_client', 'log_entries_frontend', 'log_entries_server')`)) as unknown as Rows<{
    name: string;
  }>;
  return result.rows.flatMap(({ name }) => {
    const m = tagPattern.exec(name);
    if (!m) return [];
    const [, kind, tag] = m;
    return [
      {
        name,
        kind: kind as LogKind,
        day: new Date(`${tag.slice(0, 4)}-${tag.slice(4, 6)}-${tag.slice(6, 8)}T00:00:00Z`),
      },
    ];
  });
}

/**
 * Make the day partitions from `from`'s day to PARTITION_DAYS_AHEAD days after `now`, for every
 * kind. Rows already in a kind's default partition for such a day are moved into the new day
 * (PostgreSQL refuses a new partition whose range the default already holds rows of).
 */
export async function ensurePartitions(db: Db, now: Date, from: Date = now): Promise<string[]> {
  const existing = new Set((await dayPartitions(db)).map((p) => p.name));
  const made: string[] = [];
  for (let day = dayStart(from); day.getTime() <= dayStart(now).getTime() + PARTITION_DAYS_AHEAD * DAY_MS; ) {
    const next = new Date(day.getTime() + DAY_MS);
    for (const kind of logKinds) {
      const name = partitionName(kind, day);
      if (existing.has(name)) continue;
      const range = sql`from (${sql.raw(`'${day.toISOString()}'`)}) to (${sql.raw(`'${next.toISOString()}'`)})`;
      await db.transaction(async (tx) => {
        const parent = sql.identifier(`log_entries_${kind}`);
        const fallback = sql.identifier(`log_entries_${kind}_default`);
        const inRange = sql`at >= ${day.toISOString()}::timestamptz and at < ${next.toISOString()}::timestamptz`;
        await tx.execute(sql`create temporary table if not exists log_moving (like log_entries) on commit drop`);
        await tx.execute(sql`with gone as (delete from ${fallback} where ${inRange} returning *)
          insert into log_moving select * from gone`);
        await tx.execute(
          sql`create table if not exists ${sql.identifier(name)} partition of ${parent} for values ${range}`,
        );
        await tx.execute(sql`insert into log_entries select * from log_moving`);
      });
      made.push(name);
    }
    day = next;
  }
  return made;
}

/** Drop every day partition wholly older than its kind's retention (never a row-by-row delete). */
export async function dropExpiredPartitions(db: Db, now: Date): Promise<string[]> {
  const dropped: string[] = [];
  for (const p of await dayPartitions(db)) {
    const keepFrom = dayStart(new Date(now.getTime() - LOG_RETENTION_DAYS[p.kind] * DAY_MS));
    // The partition ends at day + 1; it goes when all of it is before the retention's start.
    if (p.day.getTime() + DAY_MS <= keepFrom.getTime()) {
      await db.execute(sql`drop table if exists ${sql.identifier(p.name)}`);
      dropped.push(p.name);
    }
  }
  // Old rows a default partition caught (written before their day existed) go by the same rule.
  for (const kind of logKinds) {
    const keepFrom = dayStart(new Date(now.getTime() - LOG_RETENTION_DAYS[kind] * DAY_MS));
    await db.execute(
      sql`delete from ${sql.identifier(`log_entries_${kind}_default`)} where at < ${keepFrom.toISOString()}::timestamptz`,
    );
  }
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
