import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** A database or a transaction: both run the same queries. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Raw pg pool (PostgreSQL only), for LISTEN/NOTIFY and bulk loads. */
  pool?: pg.Pool;
  /** Raw PGlite (embedded only). */
  pglite?: PGlite;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../../drizzle');

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite data directory; undefined = in memory. */
  dataDir?: string;
  poolSize?: number;
}

/** Open the database and apply migrations: PostgreSQL when a URL is given, else embedded PGlite. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 20 });
    const db = drizzleNodePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    const client = await pool.connect();
    try {
      // Several instances may start at once; one migrates, the others wait.
      await client.query('select pg_advisory_lock(727001)');
      await migrateNodePg(drizzleNodePg(client, { casing: 'snake_case' }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock(727001)').catch(() => {});
      client.release();
    }
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  const pglite = opts.dataDir ? new PGlite(opts.dataDir) : new PGlite();
  await pglite.waitReady;
  const pdb = drizzlePglite(pglite, { schema, casing: 'snake_case' });
  await migratePglite(pdb, { migrationsFolder });
  return { db: pdb as unknown as Db, kind: 'pglite', pglite, close: () => pglite.close() };
}
