// The embedded database's first start from the seed cluster (issue 26 item 5): a new data directory
// is extracted from the seed, already migrated, with no `initdb`; an extraction cut short is redone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { hasPgliteCluster } from './pglite-init.js';
import { extractPgliteSeed, migrationsFolder, pgliteSeedFile, seedFileName } from './pglite-seed.js';

const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rookery-seed-test-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The migrations a database holds, and its cluster's identity (initdb makes a new one each time). */
async function open(dataDir?: string): Promise<{ migrations: number; cluster: string }> {
  const database = await openDatabase({ dataDir });
  try {
    const one = async (query: ReturnType<typeof sql>) =>
      ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows[0].v;
    return {
      migrations: Number(await one(sql`select count(*) as v from drizzle.__drizzle_migrations`)),
      cluster: String(await one(sql`select system_identifier::text as v from pg_control_system()`)),
    };
  } finally {
    await database.close();
  }
}
const appliedMigrations = async (dataDir?: string) => (await open(dataDir)).migrations;

describe('the seed cluster', () => {
  it('is named by the PGlite version and the migrations, and made when missing', () => {
    const file = pgliteSeedFile();
    expect(file).toBe(seedFileName());
    expect(path.basename(file as string)).toMatch(/^pglite-\d+\.\d+\.\d+-[0-9a-f]{16}\.tar\.gz$/);
    expect(fs.statSync(file as string).size).toBeGreaterThan(1_000_000);
  });

  it('starts a new data directory already migrated, a copy of the seed (no initdb)', async () => {
    const dataDir = tempDir();
    expect(hasPgliteCluster(dataDir)).toBe(false);
    expect(await appliedMigrations(dataDir)).toBe(journal.entries.length);
    expect(hasPgliteCluster(dataDir)).toBe(true);
    // And it opens again as the cluster it now is.
    expect(await appliedMigrations(dataDir)).toBe(journal.entries.length);
    // No initdb ran: a second directory is the same cluster, copied.
    expect((await open(tempDir())).cluster).toBe((await open(dataDir)).cluster);
  });

  it('writes PG_VERSION last, so an extraction cut short is redone on the next start', async () => {
    const dataDir = tempDir();
    await extractPgliteSeed(pgliteSeedFile() as string, dataDir);
    fs.rmSync(path.join(dataDir, 'PG_VERSION'));
    fs.rmSync(path.join(dataDir, 'global'), { recursive: true });
    expect(hasPgliteCluster(dataDir)).toBe(false);
    expect(await appliedMigrations(dataDir)).toBe(journal.entries.length);
  });

  it('starts an in-memory database from the seed too', async () => {
    expect(await appliedMigrations()).toBe(journal.entries.length);
  });

  it('without the seed (ROOKERY_PGLITE_SEED=off) a new data directory still starts, through initdb', async () => {
    process.env.ROOKERY_PGLITE_SEED = 'off';
    try {
      const dataDir = tempDir();
      const own = await open(dataDir);
      expect(own.migrations).toBe(journal.entries.length);
      delete process.env.ROOKERY_PGLITE_SEED;
      expect((await open(tempDir())).cluster).not.toBe(own.cluster);
    } finally {
      delete process.env.ROOKERY_PGLITE_SEED;
    }
  });
});
