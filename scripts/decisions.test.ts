import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decisionsDir, indexText, namedPaths, pathResolver, records, repositoryFiles } from './decisions.mjs';

describe('decision records', () => {
  const all = records();
  const exists = pathResolver(repositoryFiles());

  it('are there, each with a heading', () => {
    expect(all.length).toBeGreaterThan(50);
    for (const r of all) expect(r.text.startsWith('# '), r.file).toBe(true);
  });

  it('are all in the index (node scripts/decisions.mjs rewrites it)', () => {
    expect(readFileSync(join(decisionsDir, 'README.md'), 'utf8')).toBe(indexText());
  });

  it('name only files that exist', () => {
    const missing = all.flatMap((r) =>
      namedPaths(r.text)
        .filter((p) => !exists(p))
        .map((p) => `${r.file}: ${p}`),
    );
    expect(missing).toEqual([]);
  });

  it('resolve names by the rule of the index, and refuse a file that is not there', () => {
    const check = pathResolver([
      'packages/server/src/modules/players/audience.ts',
      'packages/server/drizzle/0007_a.sql',
    ]);
    expect(check('packages/server/src/modules/players/audience.ts')).toBe(true);
    expect(check('modules/players/audience.ts')).toBe(true);
    expect(check('src/modules/players/audience.ts')).toBe(true);
    expect(check('audience.ts')).toBe(true);
    expect(check('0007_….sql')).toBe(true);
    expect(check('modules/<area>/audience.ts')).toBe(true);
    expect(check('0006_….sql')).toBe(false);
    expect(check('players/audience.ts')).toBe(true);
    expect(check('server/modules/players/audience.ts')).toBe(true);
    expect(check('web/src/players/audience.ts')).toBe(false);
    expect(check('modules/players/gone.ts')).toBe(false);
    expect(namedPaths('see `a/b.ts` and `/api/v1/x` and `app.kit` and `c.sql:12`\n```\n`d/e.ts`\n```')).toEqual([
      'a/b.ts',
      'c.sql',
    ]);
  });
});
