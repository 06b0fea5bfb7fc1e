import { DAY_MS, type LogKind, type logQuerySchema, MAX_LOG_WINDOW_DAYS } from '@rookery/contracts';
import { eq, gte, ilike, inArray, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { containsPattern, keysetPaginate } from '../../platform/db/paginate.js';
import { accessLog } from '../../platform/db/tables.js';
import { AppError } from '../../platform/http/errors.js';
import { logEntries } from './tables.js';

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
    estimateTotal: !q.cursor,
  });
  return { list: page.rows, nextCursor: page.nextCursor, estimatedTotal: page.estimatedTotal };
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
    estimateTotal: !q.cursor,
  });
  return { list: page.rows, nextCursor: page.nextCursor, estimatedTotal: page.estimatedTotal };
}
