import { DAY_MS } from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

/**
 * Tables split by day (PostgreSQL declarative partitioning, the same on PGlite): a parent
 * `PARTITION BY RANGE (at)` with a default partition, and one partition per UTC day named
 * `<parent>_<yyyymmdd>`, made ahead by a job and dropped whole when the day leaves retention —
 * never row by row. The logs (per kind) and the access log use it.
 */
export interface DayPartitionedTable {
  /** The table partitioned by day (`log_entries_client`, `access_log`). */
  parent: string;
  /** Where rows are inserted when moved out of the default partition (the parent, or its own parent). */
  root: string;
}

/** Day partitions made ahead of today, so a write never lands in the default partition. */
export const PARTITION_DAYS_AHEAD = 3;

/** `20261124` for the UTC day of `t`. */
const dayTag = (t: Date) => t.toISOString().slice(0, 10).replaceAll('-', '');
export const dayStart = (t: Date) => new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate()));
const partitionName = (table: DayPartitionedTable, day: Date) => `${table.parent}_${dayTag(day)}`;

/** The day partitions of a table that exist, as (name, day start). */
export async function dayPartitionsOf(db: Db, table: DayPartitionedTable): Promise<{ name: string; day: Date }[]> {
  const result = (await db.execute(sql`
    select c.relname as name from pg_inherits i
      join pg_class c on c.oid = i.inhrelid
      join pg_class p on p.oid = i.inhparent
     where p.relname = ${table.parent}`)) as unknown as { rows: { name: string }[] };
  const pattern = new RegExp(`^${table.parent}_(\\d{8})$`);
  return result.rows.flatMap(({ name }) => {
    const m = pattern.exec(name);
    if (!m) return [];
    const tag = m[1];
    return [{ name, day: new Date(`${tag.slice(0, 4)}-${tag.slice(4, 6)}-${tag.slice(6, 8)}T00:00:00Z`) }];
  });
}

/**
 * Make the day partitions from `from`'s day to PARTITION_DAYS_AHEAD days after `now`. Rows already
 * in the default partition for such a day are moved into the new day (PostgreSQL refuses a new
 * partition whose range the default already holds rows of).
 */
export async function ensureDayPartitions(
  db: Db,
  table: DayPartitionedTable,
  now: Date,
  from: Date = now,
): Promise<string[]> {
  const existing = new Set((await dayPartitionsOf(db, table)).map((p) => p.name));
  const made: string[] = [];
  for (let day = dayStart(from); day.getTime() <= dayStart(now).getTime() + PARTITION_DAYS_AHEAD * DAY_MS; ) {
    const next = new Date(day.getTime() + DAY_MS);
    const name = partitionName(table, day);
    if (!existing.has(name)) {
      const range = sql`from (${sql.raw(`'${day.toISOString()}'`)}) to (${sql.raw(`'${next.toISOString()}'`)})`;
      await db.transaction(async (tx) => {
        const moving = sql.identifier(`${table.parent}_moving`);
        const fallback = sql.identifier(`${table.parent}_default`);
        const inRange = sql`at >= ${day.toISOString()}::timestamptz and at < ${next.toISOString()}::timestamptz`;
        await tx.execute(
          sql`create temporary table if not exists ${moving} (like ${sql.identifier(table.root)}) on commit drop`,
        );
        await tx.execute(sql`with gone as (delete from ${fallback} where ${inRange} returning *)
          insert into ${moving} select * from gone`);
        await tx.execute(
          sql`create table if not exists ${sql.identifier(name)} partition of ${sql.identifier(table.parent)} for values ${range}`,
        );
        await tx.execute(sql`insert into ${sql.identifier(table.root)} select * from ${moving}`);
      });
      made.push(name);
    }
    day = next;
  }
  return made;
}

/**
 * Drop every day partition wholly older than `retentionDays` (never a row-by-row delete), and the
 * old rows a default partition caught (written before their day existed).
 */
export async function dropExpiredDayPartitions(
  db: Db,
  table: DayPartitionedTable,
  retentionDays: number,
  now: Date,
): Promise<string[]> {
  const keepFrom = dayStart(new Date(now.getTime() - retentionDays * DAY_MS));
  const dropped: string[] = [];
  for (const p of await dayPartitionsOf(db, table)) {
    // The partition ends at day + 1; it goes when all of it is before the retention's start.
    if (p.day.getTime() + DAY_MS <= keepFrom.getTime()) {
      await db.execute(sql`drop table if exists ${sql.identifier(p.name)}`);
      dropped.push(p.name);
    }
  }
  await db.execute(
    sql`delete from ${sql.identifier(`${table.parent}_default`)} where at < ${keepFrom.toISOString()}::timestamptz`,
  );
  return dropped;
}
