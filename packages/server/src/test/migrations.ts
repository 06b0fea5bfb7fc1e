import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, onTestFinished } from 'vitest';

/** The server's migrations folder. */
export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/**
 * A copy of the migrations folder as it was before the migration whose tag ends with `tag` (by
 * tag, not number: migrations merged from two branches get renumbered), removed when the calling
 * test finishes. Migrate a database with it, write rows as the old code did, then migrate with
 * `migrationsFolder` to test what the migration (or the data step after it) does to them.
 */
export function migrationsBefore(tag: string): string {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
  const at = journal.entries.findIndex((e: { tag: string }) => e.tag.endsWith(tag));
  expect(at, `a migration tagged …${tag}`).toBeGreaterThan(0);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rookery-migrations-'));
  onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'meta/_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }),
  );
  return dir;
}
