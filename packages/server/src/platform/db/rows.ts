import { getTableColumns, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/**
 * Run a raw query that returns whole rows of `table` (such as a set-returning function declared
 * `RETURNS SETOF table`) and map them as a drizzle select would: column names to keys, driver
 * values (timestamps, bigints, JSON) to their JavaScript types.
 */
export async function selectTableRows<T extends PgTable>(db: Db, table: T, query: SQL): Promise<T['$inferSelect'][]> {
  const { rows } = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  const columns = Object.entries(getTableColumns(table)).map(
    ([key, column]) => [key, column.keyAsName ? toSnakeCase(key) : column.name, column] as const,
  );
  return rows.map(
    (raw) =>
      Object.fromEntries(
        columns.map(([key, name, column]) => {
          const value = raw[name];
          return [key, value == null ? null : column.mapFromDriverValue(value)];
        }),
      ) as T['$inferSelect'],
  );
}
