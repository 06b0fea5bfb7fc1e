import fs from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import drizzleConfig from '../drizzle.config.js';
import { foldTables, schema } from './schema.js';

/*
 * drizzle-kit generates the migrations from the `tables.ts` files its config names by glob; the
 * test harness fingerprints the schema folded from the list of areas. A table in one and not the
 * other is a table the harness cannot see (as the A/B tables once were): this fails on it.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** The files of a pattern whose only wildcard is one whole `*` path segment (drizzle.config's shape). */
function expand(pattern: string): string[] {
  const parts = path.resolve(repoRoot, pattern).split(path.sep);
  const star = parts.indexOf('*');
  if (star < 0 || parts.indexOf('*', star + 1) >= 0 || parts.some((p) => p !== '*' && /[*?[{]/.test(p)))
    throw new Error(`unsupported pattern ${pattern}`);
  const dir = parts.slice(0, star).join(path.sep);
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => path.join(dir, e.name, ...parts.slice(star + 1)))
    .filter((f) => fs.existsSync(f));
}

/** The tables drizzle-kit reads that the schema does not hold, by `file: table`. */
function missing(files: Record<string, Record<string, unknown>>, folded: Readonly<Record<string, unknown>>) {
  const held = new Set(Object.values(folded));
  return Object.entries(files).flatMap(([file, exports]) =>
    Object.values(exports)
      .filter((t) => is(t, PgTable) && !held.has(t))
      .map((t) => `${file}: ${getTableName(t as PgTable)}`),
  );
}

describe('schema', () => {
  it('holds every table of every tables.ts drizzle-kit reads', async () => {
    const patterns = [drizzleConfig.schema].flat() as string[];
    const files = patterns.flatMap(expand);
    expect(files.length).toBeGreaterThan(10);
    const exports: Record<string, Record<string, unknown>> = {};
    for (const f of files) exports[path.relative(repoRoot, f)] = await import(f);
    expect(missing(exports, schema)).toEqual([]);
    // The A/B tables, left out of the hand list once, are in.
    const names = Object.values(schema).flatMap((t) => (is(t, PgTable) ? [getTableName(t)] : []));
    expect(names).toEqual(expect.arrayContaining(['ab_exposures', 'game_events', 'ab_daily']));
  });

  it('names a table the schema leaves out (the check can fail)', async () => {
    const abtest = await import('./modules/abtest/tables.js');
    const withoutAbtest = foldTables([['mail', await import('./modules/mail/tables.js')]]);
    expect(missing({ 'abtest/tables.ts': abtest }, withoutAbtest)).toEqual(
      expect.arrayContaining(['abtest/tables.ts: ab_exposures', 'abtest/tables.ts: game_events']),
    );
  });

  it('refuses two tables.ts exporting one name', () => {
    expect(() =>
      foldTables([
        ['a', { t: {} }],
        ['b', { t: {} }],
      ]),
    ).toThrow(/b and a both export t/);
  });
});
