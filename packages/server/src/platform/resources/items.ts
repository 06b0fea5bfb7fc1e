import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { resourceItems } from './tables.js';
import type { AnyResource } from './views.js';

/** What a field of a `matching` filter holds: the value, or for a list some of its elements (an object's in part). */
type Contained<V> = V extends readonly (infer E)[] ? readonly (E extends object ? Partial<E> : E)[] : V;

/**
 * A typed read of one kind's stored items (the current version of each), for an area that needs
 * more than the compiled views: filtered by fields, by keys, in an order. No hand JSONB SQL in the
 * areas: the fields are the document type's (`D`), and the filter is JSONB containment.
 */
export interface ItemQuery<D> {
  /**
   * Items whose document holds these values (`document @> …`): a field equal to the value; a
   * list field holding each given element (an object element matching on the fields given).
   */
  matching?: { [K in keyof D]?: Contained<D[K]> };
  /** Only these keys. */
  keys?: readonly string[];
  /** Every key but this one (the item being saved). */
  exceptKey?: string;
  /** `key` (default), `newest` (an `autoKey` kind's numbers, highest first) or a field's text, then the key. */
  orderBy?: 'key' | 'newest' | { field: keyof D & string };
  /** At most this many. */
  limit?: number;
}

function whereOf<D>(r: Pick<AnyResource, 'name'>, q: ItemQuery<D>): SQL | undefined {
  return and(
    eq(resourceItems.kind, r.name),
    q.matching ? sql`${resourceItems.document} @> ${JSON.stringify(q.matching)}::jsonb` : undefined,
    q.keys ? inArray(resourceItems.key, [...q.keys]) : undefined,
    q.exceptKey === undefined ? undefined : ne(resourceItems.key, q.exceptKey),
  );
}

function orderOf<D>(q: ItemQuery<D>): SQL[] {
  const o = q.orderBy ?? 'key';
  if (o === 'key') return [asc(resourceItems.key)];
  if (o === 'newest') return [desc(sql`${resourceItems.key}::bigint`)];
  return [asc(sql`${resourceItems.document}->>${o.field}`), asc(resourceItems.key)];
}

/** The stored rows (key, document, version, times) of the items a query selects. */
export async function itemRows<D>(db: Db, r: Pick<AnyResource, 'name'>, q: ItemQuery<D> = {}) {
  if (q.keys?.length === 0) return [];
  const query = db
    .select()
    .from(resourceItems)
    .where(whereOf(r, q))
    .orderBy(...orderOf(q))
    .$dynamic();
  return q.limit === undefined ? query : query.limit(q.limit);
}

/** The documents of the items a query selects. */
export async function itemDocuments<D>(db: Db, r: Pick<AnyResource, 'name'>, q: ItemQuery<D> = {}): Promise<D[]> {
  return (await itemRows(db, r, q)).map((row) => row.document as D);
}

/** The keys of the items a query selects. */
export async function itemKeys<D>(db: Db, r: Pick<AnyResource, 'name'>, q: ItemQuery<D> = {}): Promise<string[]> {
  return (await itemRows(db, r, q)).map((row) => row.key);
}
