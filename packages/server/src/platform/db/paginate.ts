import { MAX_PAGE_SIZE } from '@rookery/contracts';
import { and, asc, count, desc, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/**
 * The one paging query of the server: filters, an ordering (fixed, or chosen by the caller from a
 * whitelist of columns), page/pageSize bounds, and the total. Every console list uses it; the
 * small adapters below give the two list shapes of the API (DESIGN §4).
 */

/** What a list query asks for. `page` counts from 1. */
export interface PageInput {
  page: number;
  pageSize: number;
}

/** One page of rows and the number of rows matching the filters. */
export interface Page<T> extends PageInput {
  rows: T[];
  total: number;
}

/** Offsets past this read nothing (PostgreSQL takes a bigint, but no list is that long). */
const MAX_OFFSET = 2_147_483_647;

/** A search text as a LIKE pattern that contains it: its own `%`, `_` and `\\` match themselves. */
export const containsPattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The page bounds every list obeys, whatever its schema let through. */
export function pageBounds(q: PageInput): PageInput & { offset: number } {
  const pageSize = Math.min(Math.max(1, Math.trunc(q.pageSize) || 1), MAX_PAGE_SIZE);
  const page = Math.max(1, Math.trunc(q.page) || 1);
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/** A caller-chosen ordering: `by` must be a key of `columns`; `tiebreak` keeps pages stable. */
export interface SortSpec<K extends string> {
  columns: Record<K, PgColumn | SQL>;
  by: K;
  order: 'asc' | 'desc';
  tiebreak: PgColumn;
}

/** The ORDER BY of a whitelisted sort. A key outside the whitelist is a programming error. */
export function sortBy<K extends string>(s: SortSpec<K>): SQL[] {
  if (!Object.hasOwn(s.columns, s.by)) throw new Error(`sort by ${s.by}: not a sortable column`);
  const dir = s.order === 'asc' ? asc : desc;
  return [dir(s.columns[s.by]), dir(s.tiebreak)];
}

/** A select the caller shaped (joins, picked columns); paginate adds the filter, order and page. */
interface SelectLike<R> {
  where(where: SQL | undefined): {
    orderBy(...by: SQL[]): { limit(n: number): { offset(n: number): PromiseLike<R[]> } };
  };
}

export interface PaginateQuery<T extends PgTable, R> extends PageInput {
  /** The table the rows come from and the total counts. */
  from: T;
  /** Filters, ANDed; `undefined` entries are skipped (an absent search field). */
  filters?: (SQL | undefined)[];
  /** A fixed ORDER BY, or `sortBy(…)` of a caller's choice. */
  orderBy: SQL[];
  /** A custom select over `from` (a join); the default selects the table's rows. */
  select?: (db: Db) => SelectLike<R>;
}

export async function paginate<T extends PgTable, R = T['$inferSelect']>(
  db: Db,
  q: PaginateQuery<T, R>,
): Promise<Page<R>> {
  const { page, pageSize, offset } = pageBounds(q);
  const where = q.filters ? and(...q.filters) : undefined;
  const from = q.from as PgTable;
  const base = q.select ? q.select(db) : (db.select().from(from) as unknown as SelectLike<R>);
  const [rows, [{ total }]] = await Promise.all([
    offset > MAX_OFFSET
      ? []
      : base
          .where(where)
          .orderBy(...q.orderBy)
          .limit(pageSize)
          .offset(offset),
    db.select({ total: count() }).from(from).where(where),
  ]);
  return { rows, total, page, pageSize };
}

/**
 * Keyset paging for high-volume tables (logs, orders, codes, messages): newest first by
 * (time, id), the next page named by a cursor (the last row's time and id) instead of an offset,
 * so page 1,000 costs what page 1 does, and never an unbounded `count(*)`: the total, when asked,
 * is the planner's estimate and says so, unless the planner expects at most `EXACT_TOTAL_UP_TO`
 * rows: then they are counted (a count that stops past the bound), so "about 1" never stands for
 * three rows on screen (issue 41 item 8).
 */
export const EXACT_TOTAL_UP_TO = 10_000;

export interface KeysetQuery<T extends PgTable, R> {
  from: T;
  /** Filters, ANDed; `undefined` entries are skipped. */
  filters?: (SQL | undefined)[];
  /** The time column (descending) and the unique id that breaks ties. */
  time: PgColumn;
  id: PgColumn;
  /** The cursor a previous page gave (`nextCursor`); absent for the first page. */
  cursor?: string | null;
  pageSize: number;
  /**
   * Also give the total of the matching rows: the planner's estimate (an EXPLAIN, no scan), or an
   * exact count when the planner expects at most `EXACT_TOTAL_UP_TO`.
   */
  total?: boolean;
  /** Read a row's time and id back for the cursor (the default reads the columns' property names). */
  keyOf?: (row: R) => { time: Date; id: number | string };
  select?: (db: Db) => {
    where(where: SQL | undefined): { orderBy(...by: SQL[]): { limit(n: number): PromiseLike<R[]> } };
  };
}

export interface KeysetPage<T> {
  rows: T[];
  /** Names the page after this one; null on the last page. */
  nextCursor: string | null;
  /** All matching rows (only when asked): counted when few, else the planner's estimate (`estimate`). */
  total?: { value: number; estimate: boolean };
}

/** A cursor as the client carries it: opaque text (base64url of the last row's time and id). */
export const encodeCursor = (time: Date, id: number | string) =>
  Buffer.from(JSON.stringify([time.toISOString(), id])).toString('base64url');

/** The time and id a cursor names, or null for one that is not ours (a first page, not a 500). */
export function decodeCursor(cursor: string | null | undefined): { time: Date; id: number | string } | null {
  if (!cursor) return null;
  try {
    const [time, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    const at = typeof time === 'string' ? new Date(time) : null;
    if (!at || Number.isNaN(at.getTime())) return null;
    if (typeof id !== 'number' && typeof id !== 'string') return null;
    return { time: at, id };
  } catch {
    return null;
  }
}

/** The planner's row estimate for `select 1 from <table> where <filters>` (no rows are read). */
async function plannedRows(db: Db, from: PgTable, where: SQL | undefined): Promise<number> {
  // Parameters bind in EXPLAIN as in the statement itself (extended protocol).
  const result = (await db.execute(
    sql`explain (format json) ${db.select({ one: sql`1` }).from(from).where(where)}`,
  )) as unknown as { rows: Record<string, unknown>[] };
  const plan = Object.values(result.rows[0])[0] as [{ Plan: { 'Plan Rows': number } }] | string;
  const parsed = typeof plan === 'string' ? (JSON.parse(plan) as [{ Plan: { 'Plan Rows': number } }]) : plan;
  return Math.round(parsed[0].Plan['Plan Rows']);
}

/** The matching rows counted when the planner expects few (the count stops past the bound), else its estimate. */
async function totalOf(db: Db, from: PgTable, where: SQL | undefined): Promise<{ value: number; estimate: boolean }> {
  const planned = await plannedRows(db, from, where);
  if (planned > EXACT_TOTAL_UP_TO) return { value: planned, estimate: true };
  const bounded = db
    .select({ one: sql`1` })
    .from(from)
    .where(where)
    .limit(EXACT_TOTAL_UP_TO + 1)
    .as('bounded');
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(bounded);
  return n > EXACT_TOTAL_UP_TO ? { value: Math.max(planned, n), estimate: true } : { value: n, estimate: false };
}

export async function keysetPaginate<T extends PgTable, R = T['$inferSelect']>(
  db: Db,
  q: KeysetQuery<T, R>,
): Promise<KeysetPage<R>> {
  const pageSize = Math.min(Math.max(1, Math.trunc(q.pageSize) || 1), MAX_PAGE_SIZE);
  const after = decodeCursor(q.cursor);
  const where = and(...(q.filters ?? []));
  const pageWhere = and(where, after ? sql`(${q.time}, ${q.id}) < (${after.time}, ${after.id})` : undefined);
  const from = q.from as PgTable;
  const base = q.select
    ? q.select(db)
    : (db.select().from(from) as unknown as NonNullable<KeysetQuery<T, R>['select']> extends (db: Db) => infer S
        ? S
        : never);
  const [fetched, estimate] = await Promise.all([
    base
      .where(pageWhere)
      .orderBy(desc(q.time), desc(q.id))
      .limit(pageSize + 1),
    q.total ? totalOf(db, from, where) : undefined,
  ]);
  const rows = fetched.slice(0, pageSize);
  const keyOf =
    q.keyOf ??
    ((row: R) => {
      const r = row as Record<string, unknown>;
      const col = (c: PgColumn) => Object.entries(q.from).find(([, v]) => v === c)?.[0] ?? c.name;
      return { time: r[col(q.time)] as Date, id: r[col(q.id)] as number | string };
    });
  const last = rows.at(-1);
  const nextCursor = fetched.length > pageSize && last ? (({ time, id }) => encodeCursor(time, id))(keyOf(last)) : null;
  return {
    rows,
    nextCursor,
    ...(estimate === undefined ? {} : { total: estimate }),
  };
}

/** A page of a list already in memory (a merge of several sources), with the same bounds. */
export function paginateArray<T>(items: T[], q: PageInput): Page<T> {
  const { page, pageSize, offset } = pageBounds(q);
  return { rows: items.slice(offset, offset + pageSize), total: items.length, page, pageSize };
}

/** `list/pagination{page,pageSize,total}`: the shape of every new list. */
export const asList = <T, U = T>(p: Page<T>, map?: (row: T) => U) => ({
  list: map ? p.rows.map(map) : (p.rows as unknown as U[]),
  pagination: { page: p.page, pageSize: p.pageSize, total: p.total },
});

/** `datas/count/pageNum/pageSize`: the spec's shape for roles, staff users and promotion. */
export const asLegacyList = <T, U = T>(p: Page<T>, map?: (row: T) => U) => ({
  datas: map ? p.rows.map(map) : (p.rows as unknown as U[]),
  count: p.total,
  pageNum: p.page,
  pageSize: p.pageSize,
});
