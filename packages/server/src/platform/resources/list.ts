import { Readable } from 'node:stream';
import {
  filterParams,
  isoDateTime,
  type KitListField,
  kitFieldLabels,
  kitListFields,
  type Label,
  type ListFilter,
  type Locale,
  resourceFieldLabel,
} from '@rookery/contracts';
import { stringify } from 'csv-stringify';
import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { containsPattern } from '../db/paginate.js';
import { resourceItems } from './tables.js';
import { type AnyResource, type ItemView, itemView } from './views.js';

/**
 * The list half of the resource kit on the server: the declared filters as SQL over the stored
 * documents (parameters only; field names come from the declaration, never from the request),
 * the whitelisted sort, the computed columns and the streamed CSV export.
 */

/** A column the server computes for a listed item, at the service clock's `now`. */
export type ComputedColumn = (item: ItemView, now: Date) => unknown;

/** A list query after the endpoint's schema: paging, search, and the declared filters and sort. */
export type ListQuery = { search?: string; sort?: string; order?: 'asc' | 'desc' } & Record<string, unknown>;

const doc = resourceItems.document;
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
/** A document field as a number or a time; null when it holds something else (never a cast error). */
const numberOf = (field: string) =>
  sql`(case when jsonb_typeof(${doc}->${field}) = 'number' then (${doc}->>${field})::numeric end)`;
const timeOf = (field: string) =>
  sql`(case when jsonb_typeof(${doc}->${field}) = 'string' then (${doc}->>${field})::timestamptz end)`;

function stateWhere(r: AnyResource, f: Extract<ListFilter, { kind: 'state' }>, state: unknown, now: Date) {
  const from = f.from ? timeOf(f.from) : sql`${resourceItems.effectiveAt}`;
  const to = f.to ? timeOf(f.to) : sql`${resourceItems.expireAt}`;
  if (!r.window && !(f.from && f.to)) throw new Error(`resource ${r.name}: a state filter without a window`);
  if (state === 'scheduled') return sql`${from} > ${at(now)}`;
  if (state === 'expired') return sql`${to} <= ${at(now)}`;
  return sql`(${from} is null or ${from} <= ${at(now)}) and (${to} is null or ${to} > ${at(now)})`;
}

/** The WHERE of a list query: the kind, the search and each declared filter the query sets. */
export function listWhere(r: AnyResource, q: ListQuery, now: Date): (SQL | undefined)[] {
  const fields = r.search ?? [r.key];
  const pattern = q.search ? containsPattern(q.search) : undefined;
  const where: (SQL | undefined)[] = [
    eq(resourceItems.kind, r.name),
    pattern ? or(...fields.map((f) => sql`${doc}->>${f} ilike ${pattern}`)) : undefined,
  ];
  for (const [name, f] of Object.entries(r.list?.filters ?? {})) {
    const [a, b] = filterParams(name, f).map((p) => q[p]);
    if (f.kind === 'state') {
      if (a !== undefined) where.push(stateWhere(r, f, a, now));
    } else if (f.kind === 'enum' || f.kind === 'reference') {
      if (a !== undefined) where.push(sql`${doc}->>${f.field} = ${String(a)}`);
    } else if (f.kind === 'numberRange') {
      if (a !== undefined) where.push(sql`${numberOf(f.field)} >= ${Number(a)}`);
      if (b !== undefined) where.push(sql`${numberOf(f.field)} <= ${Number(b)}`);
    } else {
      if (a !== undefined) where.push(sql`${timeOf(f.field)} >= ${String(a)}::timestamptz`);
      if (b !== undefined) where.push(sql`${timeOf(f.field)} <= ${String(b)}::timestamptz`);
    }
  }
  return where;
}

/** How a list is ordered: one expression (with its SQL type, for the keyset) and the key as tie-break. */
interface Order {
  expr: SQL;
  type: 'jsonb' | 'bigint' | 'timestamptz' | 'text';
  dir: 'asc' | 'desc';
}

export function listOrder(r: AnyResource, q: ListQuery): Order {
  const dir = q.order ?? 'asc';
  if (q.sort === 'updatedAt') return { expr: sql`${resourceItems.updatedAt}`, type: 'timestamptz', dir };
  // Whitelisted by the query schema; checked again, as the name reaches the SQL (as a parameter).
  if (q.sort && r.list?.sort?.includes(q.sort as never))
    return { expr: sql`coalesce(${doc}->${q.sort}, 'null'::jsonb)`, type: 'jsonb', dir };
  // Numbered keys: the newest first (as numbers); named keys: by name.
  return r.autoKey
    ? { expr: sql`(${resourceItems.key})::bigint`, type: 'bigint', dir: 'desc' }
    : { expr: sql`${resourceItems.key}`, type: 'text', dir: 'asc' };
}

export const orderBy = (o: Order) => {
  const dir = o.dir === 'asc' ? asc : desc;
  return [dir(o.expr), dir(resourceItems.key)];
};

/**
 * Every item of a filtered list, in its order, a batch at a time: keyset paging on (order
 * expression, key), so memory holds one batch whatever the list's length.
 */
export async function* keysetItems(db: Db, r: AnyResource, q: ListQuery, now: Date, batch = 500) {
  const order = listOrder(r, q);
  const where = listWhere(r, q, now);
  let after: { value: string | null; key: string } | undefined;
  for (;;) {
    const past = after
      ? sql`(${order.expr}, ${resourceItems.key}) ${sql.raw(order.dir === 'asc' ? '>' : '<')} ((${after.value})::${sql.raw(order.type)}, ${after.key})`
      : undefined;
    const rows = await db
      .select({ item: resourceItems, sortValue: sql<string | null>`(${order.expr})::text` })
      .from(resourceItems)
      .where(and(...where, past))
      .orderBy(...orderBy(order))
      .limit(batch);
    for (const row of rows) yield itemView(row.item);
    if (rows.length < batch) return;
    const last = rows[rows.length - 1];
    after = { value: last.sortValue, key: last.item.key };
  }
}

/** The computed columns of one item. */
export function withComputed(item: ItemView, computed: Record<string, ComputedColumn>, now: Date) {
  const values: Record<string, unknown> = {};
  for (const [name, compute] of Object.entries(computed)) values[name] = compute(item, now);
  return { ...item, ...values };
}

const yesNo: Record<Locale, [string, string]> = { 'zh-CN': ['是', '否'], 'en-US': ['Yes', 'No'] };
/** A cell Excel would run as a formula starts with a quote instead. */
const inert = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

interface ExportColumn {
  name: string;
  header: string;
  cell: (item: Record<string, unknown>) => string;
}

/** The export's columns: labels in the operator's language, times in UTC (said in the header), codes as labels. */
export function exportColumns(r: AnyResource, locale: Locale): ExportColumn[] {
  const shape = r.schema.shape as Record<string, unknown>;
  const valueLabels: Record<string, Readonly<Record<string, Label>>> = {};
  for (const f of Object.values(r.list?.filters ?? {})) if (f.kind === 'enum') valueLabels[f.field] = f.values;
  for (const [name, c] of Object.entries(r.list?.computed ?? {})) if (c.values) valueLabels[name] = c.values;
  const utc = locale === 'zh-CN' ? '（UTC）' : ' (UTC)';
  return (r.list?.export ?? []).map((name) => {
    const kit = (kitListFields as readonly string[]).includes(name);
    const time = ['updatedAt', 'effectiveAt', 'expireAt'].includes(name) || shape[name] === isoDateTime;
    const label =
      r.list?.computed?.[name]?.label ??
      (kit ? kitFieldLabels[name as KitListField] : resourceFieldLabel(r, name)) ??
      ({ 'zh-CN': name, 'en-US': name } satisfies Label);
    const text = (value: unknown): string => {
      if (value === null || value === undefined || value === '') return '';
      if (time && typeof value === 'string') return new Date(value).toISOString();
      if (typeof value === 'boolean') return yesNo[locale][value ? 0 : 1];
      if (typeof value === 'string') return inert(valueLabels[name]?.[value]?.[locale] ?? value);
      if (typeof value === 'number') return String(value);
      if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null))
        return inert(value.map(text).join(', '));
      return inert(JSON.stringify(value));
    };
    return { name, header: `${label[locale]}${time ? utc : ''}`, cell: (item) => text(item[name]) };
  });
}

/** The filtered list as CSV: a BOM (Excel reads UTF-8), a header row, one row per item; streamed. */
export function exportCsv(
  db: Db,
  r: AnyResource,
  q: ListQuery,
  opts: { now: Date; locale: Locale; computed: Record<string, ComputedColumn>; batch?: number },
): Readable {
  const columns = exportColumns(r, opts.locale);
  async function* records() {
    yield columns.map((c) => c.header);
    for await (const item of keysetItems(db, r, q, opts.now, opts.batch))
      yield columns.map((c) => c.cell(withComputed(item, opts.computed, opts.now)));
  }
  const csv = stringify({ bom: true, record_delimiter: 'windows' });
  const source = Readable.from(records());
  source.on('error', (err) => csv.destroy(err));
  return source.pipe(csv);
}
