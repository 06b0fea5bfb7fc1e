// The embedded database's seed: a Postgres cluster initialised and migrated once, dumped as a
// tarball, from which every new PGlite database starts (a new data directory, or an in-memory one in
// the tests) instead of running `initdb`.
//
// Why (measured, docs/decisions/2026-11-24-a-first-start-from-a-seed-cluster.md): PGlite's `initdb` runs a
// second Postgres next to the first and hands the new cluster over as a tarball; the process that
// does it peaks near 750 MB, and a WebAssembly heap never gives memory back. Loading a dumped
// cluster peaks near 300 MB and starts in half the time; extracting it into a new data directory
// needs no Postgres at all. The seed is made by the build
// (`scripts/build-server.mjs`), or by a short-lived child process the first time a process needs one
// that is missing, so the peak of `initdb` never lands in the server.
//
// The seed is named by the PGlite version and the migrations it holds: a new migration or a PGlite
// upgrade makes a new seed, and a data directory started from an older seed is migrated as usual.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import * as tar from 'tar';
import { pgliteOptions } from './pglite-init.js';

/** The migrations folder (the same path from the sources and from the build). */
export const migrationsFolder = path.resolve(import.meta.dirname, '../../../drizzle');

const cacheFolder = path.resolve(migrationsFolder, '../../../node_modules/.cache/rookery');

function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let dir = path.dirname(entry);
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
}

/** Where the seed for this PGlite and these migrations is (or will be) kept. */
export function seedFileName(): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(pgliteOptions.startParams ?? []));
  for (const name of fs.readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const file = path.join(migrationsFolder, name);
    if (!fs.statSync(file).isFile()) continue;
    hash.update(name);
    hash.update(fs.readFileSync(file));
  }
  return path.join(cacheFolder, `pglite-${pgliteVersion()}-${hash.digest('hex').slice(0, 16)}.tar.gz`);
}

/** Make the seed in this process: initdb, migrations, dump. Written whole or not at all. */
export async function makePgliteSeed(file: string): Promise<void> {
  const db = new PGlite(pgliteOptions);
  await db.waitReady;
  await migrate(drizzle(db, { casing: 'snake_case' }), { migrationsFolder });
  const dump = await db.dumpDataDir('gzip');
  await db.close();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
}

/**
 * The seed's file, made first (in a child process) when missing. Undefined when it cannot be made
 * or is turned off (`ROOKERY_PGLITE_SEED=off`): the database then runs `initdb`, as before the seed.
 */
export function pgliteSeedFile(): string | undefined {
  if (process.env.ROOKERY_PGLITE_SEED === 'off') return undefined;
  const file = seedFileName();
  if (fs.existsSync(file)) return file;
  // The same runtime flags as this process (`--import tsx` under tsx, none for the built server);
  // from the sources under a runner that transforms in-process (Vitest), the child needs tsx.
  const flags = process.execArgv.filter((a) => !a.startsWith('--watch'));
  if (import.meta.filename.endsWith('.ts') && !flags.some((f) => f.includes('tsx'))) flags.push('--import', 'tsx');
  const child = spawnSync(process.execPath, [...flags, import.meta.filename, file], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child.status === 0 && fs.existsSync(file) ? file : undefined;
}

/**
 * Write the seed cluster into an empty data directory, without Postgres: a plain tar extraction, so
 * the server's own memory never holds a second cluster. `PG_VERSION`, which marks a directory as
 * holding a cluster, is written last: an extraction cut short is redone on the next start.
 */
export async function extractPgliteSeed(file: string, dataDir: string): Promise<void> {
  fs.mkdirSync(dataDir, { recursive: true });
  const marker = (p: string) => p.replace(/^\/+/, '') === 'PG_VERSION';
  await tar.x({ file, cwd: dataDir, filter: (p) => !marker(p) });
  await tar.x({ file, cwd: dataDir, filter: marker });
}

let loaded: { file: string; bytes: Uint8Array<ArrayBuffer> } | undefined;

/** The seed as PGlite's `loadDataDir` takes it, for an in-memory database (the tests). */
export function pgliteSeedBlob(): Blob | undefined {
  const file = pgliteSeedFile();
  if (!file) return undefined;
  if (loaded?.file !== file) loaded = { file, bytes: new Uint8Array(fs.readFileSync(file)) };
  return new Blob([loaded.bytes]);
}

if (process.argv[1] === import.meta.filename) await makePgliteSeed(process.argv[2]);
