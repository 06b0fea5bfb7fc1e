import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { ensurePgliteDataDir, pgliteOptions } from './pglite-init.js';
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
  /**
   * Run `onChange` whenever a transaction that called `notifyChange(db, channel)` commits, in this
   * process or any other instance sharing the database (PostgreSQL LISTEN/NOTIFY).
   */
  listen(channel: string, onChange: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Run a compiled statement straight on the driver, past the query builder (see
   * `compileStatement`): for the hottest statements. On PostgreSQL it is a named prepared
   * statement, parsed and planned once per connection. Rows come as the driver gives them.
   */
  run<R = Record<string, unknown>>(statement: CompiledStatement, values: unknown[]): Promise<R[]>;
}

/** SQL text with `$n` parameters, compiled once (`compileStatement`), and its name for PostgreSQL. */
export interface CompiledStatement {
  name: string;
  text: string;
}

/** Tell every instance that `channel` changed; delivered when the caller's transaction commits. */
export async function notifyChange(db: Db, channel: string, payload = ''): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
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
    // An idle connection that drops (server restart, failover) must not crash the process; the
    // pool replaces it on the next checkout.
    pool.on('error', (err) => process.emitWarning(`PostgreSQL idle connection error: ${err.message}`));
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
    // One connection holds every LISTEN of this process.
    let listener: pg.Client | undefined;
    const handlers = new Map<string, Set<(payload: string) => void>>();
    const listen = async (channel: string, onChange: (payload: string) => void) => {
      if (!listener) {
        listener = new pg.Client({ connectionString: opts.databaseUrl });
        listener.on('error', (err) => process.emitWarning(`PostgreSQL listener error: ${err.message}`));
        await listener.connect();
        listener.on('notification', (n) => {
          for (const h of handlers.get(n.channel) ?? []) h(n.payload ?? '');
        });
      }
      const set = handlers.get(channel) ?? new Set();
      if (set.size === 0) await listener.query(`listen "${channel.replace(/"/g, '')}"`);
      handlers.set(channel, set.add(onChange));
      return async () => {
        set.delete(onChange);
      };
    };
    return {
      db,
      kind: 'postgres',
      pool,
      listen,
      run: async <R>(statement: CompiledStatement, values: unknown[]) =>
        (await pool.query({ name: statement.name, text: statement.text, values })).rows as R[],
      close: async () => {
        await listener?.end().catch(() => {});
        await pool.end();
      },
    };
  }
  if (opts.dataDir) ensurePgliteDataDir(opts.dataDir);
  const pglite = new PGlite({ ...pgliteOptions, dataDir: opts.dataDir });
  await pglite.waitReady;
  const pdb = drizzlePglite(pglite, { schema, casing: 'snake_case' });
  await migratePglite(pdb, { migrationsFolder });
  return {
    db: pdb as unknown as Db,
    kind: 'pglite',
    pglite,
    listen: async (channel, onChange) => {
      const stop = await pglite.listen(channel, onChange);
      return stop;
    },
    run: async <R>(statement: CompiledStatement, values: unknown[]) =>
      (await pglite.query<R>(statement.text, values)).rows,
    close: () => pglite.close(),
  };
}
