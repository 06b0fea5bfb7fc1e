import { areas } from './areas.js';
import * as platformTables from './platform/db/tables.js';
import * as jobTables from './platform/jobs/tables.js';
import * as resourceTables from './platform/resources/tables.js';

/**
 * Every table of the server: the platform's own and each area's `tables` (`src/areas.ts`), folded
 * here (outside the platform, which imports no module), so an area's table cannot be left out.
 * The test harness fingerprints them; drizzle-kit reads the same `tables.ts` files by glob
 * (`schema.test.ts` checks that the two agree).
 */
export const schema = foldTables([
  ['platform/db', platformTables],
  ['platform/jobs', jobTables],
  ['platform/resources', resourceTables],
  ...areas.map((a): [string, Readonly<Record<string, unknown>>] => [a.name, a.tables ?? {}]),
]);

/** The exports of several `tables.ts` in one record; a name two of them export fails (one would hide the other). */
export function foldTables(
  sources: readonly (readonly [string, Readonly<Record<string, unknown>>])[],
): Readonly<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const from = new Map<string, string>();
  for (const [source, exports] of sources)
    for (const [name, value] of Object.entries(exports)) {
      if (name in out && out[name] !== value)
        throw new Error(`tables: ${source} and ${from.get(name)} both export ${name}`);
      out[name] = value;
      from.set(name, source);
    }
  return out;
}
