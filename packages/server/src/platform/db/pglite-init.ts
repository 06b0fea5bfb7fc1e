// Embedded PostgreSQL (PGlite): the settings the server runs it with, and the first start of a data
// directory in a child process.
//
// Where PGlite's memory goes (measured, docs/decisions/2026-11-23-production-start-memory-ci-and-the-first-hour.md):
// Postgres's shared buffers live in the WebAssembly heap and are initialised at start, so they count
// in full from the first second (128 MB by default); and `initdb` on an empty data directory runs a
// second Postgres instance next to the first, copies its heap and passes the new cluster over as a
// tarball, which took the process to ~900 MB — memory a WebAssembly heap never gives back, so the
// server stayed there. The server therefore runs with smaller shared buffers (the operating system's
// page cache still caches the data files) and leaves `initdb` to a short-lived child process.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** Shared buffers of the embedded database: Postgres's default is 128MB. */
export const pgliteSharedBuffers = '32MB';

export const pgliteOptions: PGliteOptions = {
  // Trigram indexes for log text search (the logs migration creates the extension when present).
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${pgliteSharedBuffers}`],
};

/**
 * Make sure `dataDir` holds a Postgres cluster. An empty directory is initialised by a child
 * process (this file run as a script), so the peak of `initdb` ends with that process. Used only
 * when there is no seed cluster (`pglite-seed.ts`), which the server normally starts from.
 */
export function ensurePgliteDataDir(dataDir: string): void {
  if (hasPgliteCluster(dataDir)) return;
  fs.mkdirSync(dataDir, { recursive: true });
  // The same runtime flags as this process (`--import tsx` under tsx, none for the built server).
  const flags = process.execArgv.filter((a) => !a.startsWith('--watch'));
  // From the sources under a runner that transforms in-process (Vitest), the child needs tsx.
  if (import.meta.filename.endsWith('.ts') && !flags.some((f) => f.includes('tsx'))) flags.push('--import', 'tsx');
  const child = spawnSync(process.execPath, [...flags, import.meta.filename, dataDir], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (child.status !== 0) throw new Error(`Could not initialise the embedded database in ${dataDir}`);
}

export function hasPgliteCluster(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'PG_VERSION'));
}

if (process.argv[1] === import.meta.filename) {
  const db = new PGlite({ ...pgliteOptions, dataDir: process.argv[2] });
  await db.waitReady;
  await db.close();
}
