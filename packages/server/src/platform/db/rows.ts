import { fillPlaceholders, getTableColumns, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { CompiledStatement, Db } from './client.js';

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

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * Compile drizzle SQL written with `sql.placeholder(name)` once, for `Database.run`: the text and
 * a function putting named values in parameter order. The query builder's work per call (a
 * large share of a short statement's time) is then done once, at start.
 */
export function compileStatement<V extends Record<string, unknown>>(
  name: string,
  query: SQL,
): CompiledStatement & { values(named: V): unknown[] } {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { name, text, values: (named) => fillPlaceholders(params, named) };
}

/** The rows of a raw `db.execute` (both drivers answer `{ rows }`), typed as the query selects them. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
