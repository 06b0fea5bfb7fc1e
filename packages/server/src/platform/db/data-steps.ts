import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { rowsOf } from './rows.js';
import { serverSettings } from './tables.js';

/**
 * One-time data changes a SQL migration cannot make because they need the server's own
 * JavaScript (Intl, the contracts' canonical forms): run after the migrations at start
 * (`openDatabase`'s `afterMigrate`, so on PostgreSQL under the migration lock: one instance runs
 * them, the others wait), each once per database. A step's marker, `dataStep:<name>` in
 * `server_settings`, is written when it has finished; a step stopped half-way runs again on the
 * next start, so a step must be idempotent. The steps are listed in `src/data-steps.ts`.
 */
export interface DataStep {
  name: string;
  /** Returns how many rows it changed (kept in the marker). */
  run(db: Db): Promise<number>;
}

const markerKey = (name: string) => `dataStep:${name}`;

/** Run the steps this database has not run yet, in order: each one run, with the rows it changed. */
export async function runDataSteps(
  db: Db,
  steps: readonly DataStep[],
  now: Date,
): Promise<{ name: string; rows: number }[]> {
  if (steps.length === 0) return [];
  const done = new Set(
    (
      await db
        .select({ key: serverSettings.key })
        .from(serverSettings)
        .where(
          inArray(
            serverSettings.key,
            steps.map((s) => markerKey(s.name)),
          ),
        )
    ).map((r) => r.key),
  );
  const ran: { name: string; rows: number }[] = [];
  for (const step of steps) {
    if (done.has(markerKey(step.name))) continue;
    const rows = await step.run(db);
    await db
      .insert(serverSettings)
      .values({ key: markerKey(step.name), value: { rows }, updatedAt: now })
      .onConflictDoNothing();
    ran.push({ name: step.name, rows });
  }
  return ran;
}

/** Whether a step has run on this database. */
export async function dataStepDone(db: Db, name: string): Promise<boolean> {
  const [row] = await db
    .select()
    .from(serverSettings)
    .where(eq(serverSettings.key, markerKey(name)));
  return Boolean(row);
}

/** One column rewritten value by value: `to` gives the new value; `reported` keeps the old one where they differ. */
export interface ColumnRewrite {
  /** The column's SQL name. */
  column: string;
  to: (value: string) => string | null;
  /** A column that takes the old value of each row changed (the old value when not blank). */
  reported?: string;
}

/**
 * Rewrite the values of some text columns of `table` by functions in JavaScript: each column's
 * distinct values are read, mapped, and only the rows holding a value that changes are written,
 * in statements of `batch` keys of the numeric key column `key` (short transactions: a row a game
 * call waits for is locked briefly), or in one statement without a key. Idempotent when each `to`
 * is (a value it gives maps to itself). Returns how many rows changed.
 */
export async function rewriteColumns(
  db: Db,
  spec: { table: string; key?: string; columns: readonly ColumnRewrite[]; batch?: number },
): Promise<number> {
  const table = sql.identifier(spec.table);
  // Per column, old value → [new value, reported value]: only the values that change.
  const maps: Record<string, [string | null, string | null]>[] = [];
  for (const c of spec.columns) {
    const col = sql.identifier(c.column);
    const values = rowsOf<{ v: string }>(
      await db.execute(sql`select distinct ${col} as v from ${table} where ${col} is not null`),
    );
    const map: Record<string, [string | null, string | null]> = {};
    for (const { v } of values) {
      const to = c.to(v);
      if (to !== v) map[v] = [to, v.trim() === '' ? null : v];
    }
    maps.push(map);
  }
  if (maps.every((m) => Object.keys(m).length === 0)) return 0;

  // One parameter per map, however many values it holds (`m.c<i>`); `-> value` is SQL null only
  // for a value the map does not hold (a mapped null is JSON null).
  const mapped = (i: number) =>
    sql`(m.${sql.identifier(`c${i}`)} -> ${table}.${sql.identifier(spec.columns[i].column)})`;
  const sets: SQL[] = [];
  spec.columns.forEach((c, i) => {
    const col = sql.identifier(c.column);
    sets.push(sql`${col} = case when ${mapped(i)} is not null then ${mapped(i)} ->> 0 else ${table}.${col} end`);
    if (c.reported) {
      const rep = sql.identifier(c.reported);
      sets.push(sql`${rep} = case when ${mapped(i)} is not null then ${mapped(i)} ->> 1 else ${table}.${rep} end`);
    }
  });
  const changing = sql.join(
    spec.columns.map((_, i) => sql`${mapped(i)} is not null`),
    sql` or `,
  );
  const update = async (range: SQL) => {
    const [{ n }] = rowsOf<{ n: number | string }>(
      await db.execute(sql`with m as (select ${sql.join(
        maps.map((map, i) => sql`${JSON.stringify(map)}::jsonb as ${sql.identifier(`c${i}`)}`),
        sql`, `,
      )}),
      changed as (update ${table} set ${sql.join(sets, sql`, `)} from m where (${changing}) ${range} returning 1)
      select count(*) as n from changed`),
    );
    return Number(n);
  };

  if (!spec.key) return update(sql``);
  const key = sql.identifier(spec.key);
  const [bounds] = rowsOf<{ lo: string | number | null; hi: string | number | null }>(
    await db.execute(sql`select min(${key}) as lo, max(${key}) as hi from ${table}`),
  );
  if (bounds.lo === null || bounds.hi === null) return 0;
  const batch = spec.batch ?? 50_000;
  let total = 0;
  for (let lo = Number(bounds.lo); lo <= Number(bounds.hi); lo += batch)
    total += await update(sql`and ${table}.${key} >= ${lo} and ${table}.${key} < ${lo + batch}`);
  return total;
}
