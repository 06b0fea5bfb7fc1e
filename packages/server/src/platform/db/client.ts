import { PGlite } from '@electric-sql/pglite';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { ChangeListener } from './listener.js';
import { ensurePgliteDataDir, hasPgliteCluster, pgliteOptions } from './pglite-init.js';
import { extractPgliteSeed, migrationsFolder, pgliteSeedBlob, pgliteSeedFile } from './pglite-seed.js';

/**
 * No table list: queries name their tables (`db.select().from(t)`), so the platform needs no
 * module's tables; the list lives in `src/schema.ts`, outside the platform.
 */
type Schema = Record<string, never>;
/** A database or a transaction: both run the same queries. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Raw pg pool (PostgreSQL only), for bulk loads. */
  pool?: pg.Pool;
  /** The LISTEN connection (PostgreSQL only). */
  changeListener?: ChangeListener;
  /**
   * Whether the database answers `select 1` within `timeoutMs` (health and readiness checks):
   * never throws.
   */
  ping(timeoutMs?: number): Promise<boolean>;
  /** Raw PGlite (embedded only). */
  pglite?: PGlite;
  /**
   * Run `onChange` whenever a transaction that called `notifyChange(db, channel)` commits, in this
   * process or any other instance sharing the database (PostgreSQL LISTEN/NOTIFY), after `listen`
   * resolves.
   *
   * Reconnect contract: on PostgreSQL one connection holds every LISTEN of the process. When it is
   * lost (restart, failover, `pg_terminate_backend`, network) it reconnects with growing delays
   * (0.1 s doubling to 5 s), issues every LISTEN again and then calls EVERY registered `onChange`
   * once with an empty payload, because notices sent while it was down are lost. So a callback
   * must treat any call, whatever the payload, as "reload what you keep" (drop the snapshot).
   * Registered while the database is unreachable, `listen` still resolves; the LISTEN is issued
   * and `onChange` called on the next successful connection. On PGlite there is no connection to
   * lose.
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

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite data directory; undefined = in memory. */
  dataDir?: string;
  poolSize?: number;
  /**
   * How long a query waits for a connection, new or from a busy pool, before it fails (and the
   * API answers 503); also the LISTEN connection's connect timeout. Default 5 s.
   */
  connectTimeoutMs?: number;
  /** Where connection trouble is reported (throttled); default `process.emitWarning`. */
  warn?: (message: string) => void;
  /**
   * Run after the migrations, still under the migration lock on PostgreSQL (one instance runs
   * it, the others wait): the one-time data steps a SQL migration cannot make (`runDataSteps`).
   */
  afterMigrate?: (db: Db) => Promise<void>;
}

/** At most one warning per second; the count of those held back goes with the next. */
function throttled(warn: (message: string) => void): (message: string) => void {
  let last = Number.NEGATIVE_INFINITY;
  let held = 0;
  return (message) => {
    // A rate limit: a duration, so the monotonic timer, not the service clock.
    const now = performance.now();
    if (now - last < 1000) {
      held += 1;
      return;
    }
    last = now;
    warn(held ? `${message} (and ${held} more since the last warning)` : message);
    held = 0;
  };
}

/** Open the database and apply migrations: PostgreSQL when a URL is given, else embedded PGlite. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const connectTimeoutMs = opts.connectTimeoutMs ?? 5_000;
    const warn = throttled(opts.warn ?? ((message) => process.emitWarning(message, 'RookeryDatabase')));
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 20,
      connectionTimeoutMillis: connectTimeoutMs,
      keepAlive: true,
    });
    // An idle connection that drops (server restart, failover) must not crash the process; the
    // pool replaces it on the next checkout.
    pool.on('error', (err) => warn(`PostgreSQL idle connection error: ${err.message}`));
    // Nor may a connection checked out of the pool (a transaction between its statements, a query
    // in flight): pg-pool listens for errors only while a connection is idle, and an 'error' event
    // without a listener ends the process. The statement in flight fails with the error; the
    // connection is marked broken and the pool drops it when released.
    pool.on('connect', (client) => {
      client.on('error', (err) => warn(`PostgreSQL connection error: ${err.message}`));
    });
    releaseBrokenCheckouts(pool);
    const db = drizzleNodePg(pool, { casing: 'snake_case' }) as unknown as Db;
    const client = await pool.connect();
    try {
      // Several instances may start at once; one migrates, the others wait.
      await client.query('select pg_advisory_lock(727001)');
      const migrating = drizzleNodePg(client, { casing: 'snake_case' });
      await migrateNodePg(migrating, { migrationsFolder });
      await opts.afterMigrate?.(migrating as unknown as Db);
    } finally {
      await client.query('select pg_advisory_unlock(727001)').catch(() => {});
      client.release();
    }
    const changeListener = new ChangeListener({ connectionString: opts.databaseUrl, connectTimeoutMs, warn });
    return {
      db,
      kind: 'postgres',
      pool,
      changeListener,
      listen: (channel, onChange) => changeListener.listen(channel, onChange),
      run: async <R>(statement: CompiledStatement, values: unknown[]) =>
        (await pool.query({ name: statement.name, text: statement.text, values })).rows as R[],
      ping: (timeoutMs = 3_000) => answersWithin(() => pool.query('select 1'), timeoutMs),
      close: async () => {
        await changeListener.close();
        await pool.end();
      },
    };
  }
  // A new database starts from the seed cluster, never from `initdb` in this process.
  let loadDataDir: Blob | undefined;
  if (!opts.dataDir) loadDataDir = pgliteSeedBlob();
  else if (!hasPgliteCluster(opts.dataDir)) {
    const seed = pgliteSeedFile();
    if (seed) await extractPgliteSeed(seed, opts.dataDir);
    else ensurePgliteDataDir(opts.dataDir);
  }
  const pglite = new PGlite({ ...pgliteOptions, dataDir: opts.dataDir, loadDataDir });
  await pglite.waitReady;
  const pdb = drizzlePglite(pglite, { casing: 'snake_case' });
  await migratePglite(pdb, { migrationsFolder });
  await opts.afterMigrate?.(pdb as unknown as Db);
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
    ping: (timeoutMs = 3_000) => answersWithin(() => pglite.query('select 1'), timeoutMs),
    close: () => pglite.close(),
  };
}

/** Whether `query` succeeds within `timeoutMs`. */
async function answersWithin(query: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([query().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A connection checked out with `pool.connect()` (Drizzle's transactions, the migration lock) goes
 * back to the pool, and out of it, the moment it breaks; its later release does nothing. Drizzle
 * releases a transaction's connection only once BEGIN succeeded: without this, every BEGIN that
 * met a lost connection would keep a slot of the pool forever, and an outage longer than the pool
 * is wide would leave the pool empty for good. (`pool.query` handles its own connections.)
 */
function releaseBrokenCheckouts(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool);
  pool.connect = ((callback?: Parameters<typeof connect>[0]) => {
    if (callback) return connect(callback);
    return connect().then((client) => {
      const release = client.release.bind(client);
      let released = false;
      const onError = (err: Error) => client.release(err);
      client.release = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('error', onError);
        release(err);
      };
      client.once('error', onError);
      return client;
    });
  }) as typeof pool.connect;
}
