import { DAY_MS, type LogKind, type LogLevel, type logQuerySchema, MAX_LOG_WINDOW_DAYS } from '@rookery/contracts';
import { and, desc, eq, gte, ilike, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { containsPattern, keysetPaginate } from '../../platform/db/paginate.js';
import { accessLog } from '../../platform/db/tables.js';
import { AppError } from '../../platform/http/errors.js';
import { incidents, logEntries } from './tables.js';

/** The window of a log query: both ends given (the schema says so), end after start, at most 31 days. */
export function logWindow(q: { start: string; end: string }): { start: Date; end: Date } {
  const start = new Date(q.start);
  const end = new Date(q.end);
  if (end.getTime() <= start.getTime()) throw new AppError(400, 'log.windowOrder');
  if (end.getTime() - start.getTime() > MAX_LOG_WINDOW_DAYS * DAY_MS) throw new AppError(400, 'log.windowTooWide');
  return { start, end };
}

export type LogQuery = z.infer<typeof logQuerySchema>;

/**
 * One page of entries, newest first by (at, id). The window prunes the day partitions read; the
 * kinds the caller may read bound the kind partitions; the text is a substring match (the
 * trigram index serves it where pg_trgm is installed).
 */
export async function listLogs(db: Db, q: LogQuery, kinds: readonly LogKind[]) {
  const { start, end } = logWindow(q);
  const filters: (SQL | undefined)[] = [
    gte(logEntries.at, start),
    lt(logEntries.at, end),
    kinds.length === 1 ? eq(logEntries.kind, kinds[0]) : inArray(logEntries.kind, [...kinds]),
    q.level ? eq(logEntries.level, q.level) : undefined,
    q.userId ? eq(logEntries.userId, q.userId) : undefined,
    q.appVersion ? eq(logEntries.appVersion, q.appVersion) : undefined,
    q.os ? eq(logEntries.os, q.os) : undefined,
    q.q ? ilike(logEntries.message, containsPattern(q.q)) : undefined,
  ];
  const page = await keysetPaginate(db, {
    from: logEntries,
    filters,
    time: logEntries.at,
    id: logEntries.id,
    cursor: q.cursor,
    pageSize: q.pageSize,
    total: !q.cursor,
  });
  return { list: page.rows, nextCursor: page.nextCursor, total: page.total };
}

export async function listAccessLog(
  db: Db,
  q: { start: string; end: string; actor?: string; path?: string; status?: number; cursor?: string; pageSize: number },
) {
  const { start, end } = logWindow(q);
  const page = await keysetPaginate(db, {
    from: accessLog,
    filters: [
      gte(accessLog.at, start),
      lt(accessLog.at, end),
      q.actor ? eq(accessLog.actor, q.actor) : undefined,
      q.path ? ilike(accessLog.path, containsPattern(q.path)) : undefined,
      q.status ? eq(accessLog.status, q.status) : undefined,
    ],
    time: accessLog.at,
    id: accessLog.id,
    cursor: q.cursor,
    pageSize: q.pageSize,
    total: !q.cursor,
  });
  return { list: page.rows, nextCursor: page.nextCursor, total: page.total };
}

const HOUR_S = 3600;
/** A bucket width that keeps a chart under ~100 points: 5 minutes, an hour or a day. */
export const bucketSecondsFor = (windowMs: number) =>
  windowMs <= 6 * HOUR_S * 1000 ? 300 : windowMs <= 72 * HOUR_S * 1000 ? HOUR_S : 24 * HOUR_S;

type Rows<T> = { rows: T[] };

/** The log-stats screen's figures for a window, over the kinds the caller may read. */
export async function logStats(db: Db, q: { start: string; end: string }, kinds: readonly LogKind[]) {
  const { start, end } = logWindow(q);
  const bucketSeconds = bucketSecondsFor(end.getTime() - start.getTime());
  const where = sql`${logEntries.at} >= ${start.toISOString()}::timestamptz and ${logEntries.at} < ${end.toISOString()}::timestamptz and ${inArray(logEntries.kind, [...kinds])}`;
  const [series, top, versions] = await Promise.all([
    db.execute(sql`select date_bin(${`${bucketSeconds} seconds`}::interval, ${logEntries.at}, timestamptz '2000-01-01') as bucket,
        ${logEntries.kind} as kind, ${logEntries.level} as level, count(*)::int as count
      from ${logEntries} where ${where} group by 1, 2, 3 order by 1`) as unknown as Promise<
      Rows<{ bucket: string | Date; kind: LogKind; level: LogLevel; count: number }>
    >,
    db.execute(sql`select left(${logEntries.message}, 200) as message, ${logEntries.kind} as kind,
        ${logEntries.level} as level, count(*)::int as count
      from ${logEntries} where ${where} group by 1, 2, 3 order by 4 desc limit 10`) as unknown as Promise<
      Rows<{ message: string; kind: LogKind; level: LogLevel; count: number }>
    >,
    db.execute(sql`select coalesce(${logEntries.appVersion}, '') as "appVersion", count(*)::int as count,
        count(distinct ${logEntries.userId})::int as players
      from ${logEntries} where ${where} and ${logEntries.kind} = 'client' and ${logEntries.level} in ('error', 'fatal')
      group by 1 order by 2 desc limit 20`) as unknown as Promise<
      Rows<{ appVersion: string; count: number; players: number }>
    >,
  ]);
  return {
    bucketSeconds,
    series: series.rows.map((r) => ({ ...r, bucket: new Date(r.bucket) })),
    topMessages: top.rows,
    errorsByVersion: versions.rows,
  };
}

/** Incidents of the kinds the caller may read, most recently seen first. */
export async function listIncidents(
  db: Db,
  q: { state?: string; appVersion?: string; page: number; pageSize: number },
  kinds: readonly LogKind[],
) {
  const where = and(
    inArray(incidents.kind, [...kinds]),
    q.state ? eq(incidents.state, q.state) : undefined,
    q.appVersion ? sql`${incidents.appVersions} ? ${q.appVersion}` : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(incidents)
      .where(where)
      .orderBy(desc(incidents.lastSeen), desc(incidents.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(incidents).where(where),
  ]);
  return { list: rows.map(asIncident), pagination: { page: q.page, pageSize: q.pageSize, total: Number(total) } };
}

export const asIncident = (r: typeof incidents.$inferSelect) => ({
  ...r,
  state: r.state as 'open' | 'resolved' | 'ignored',
});

/** One incident with its latest 20 entries and its entries per hour over the last day. */
export async function incidentDetail(db: Db, id: number, now: Date, allowed: (kind: LogKind) => void) {
  const [row] = await db.select().from(incidents).where(eq(incidents.id, id));
  if (!row) throw new AppError(404, 'log.incidentNotFound');
  allowed(row.kind);
  const since = new Date(now.getTime() - DAY_MS);
  const [samples, hourly] = await Promise.all([
    db
      .select()
      .from(logEntries)
      .where(and(eq(logEntries.kind, row.kind), eq(logEntries.fingerprint, row.fingerprint), gte(logEntries.at, since)))
      .orderBy(desc(logEntries.at), desc(logEntries.id))
      .limit(20),
    db.execute(sql`select date_trunc('hour', ${logEntries.at}) as hour, count(*)::int as count from ${logEntries}
      where ${logEntries.kind} = ${row.kind} and ${logEntries.fingerprint} = ${row.fingerprint}
        and ${logEntries.at} >= ${since.toISOString()}::timestamptz
      group by 1 order by 1`) as unknown as Promise<{ rows: { hour: string | Date; count: number }[] }>,
  ]);
  return {
    ...asIncident(row),
    samples,
    hourly: hourly.rows.map((h) => ({ hour: new Date(h.hour), count: h.count })),
  };
}
