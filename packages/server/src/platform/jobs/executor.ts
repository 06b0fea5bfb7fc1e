import type PgBoss from 'pg-boss';
import type { Db } from '../db/client.js';

/** What drizzle runs its statements on: a `pg` pool or client, a PGlite or one of its transactions. */
interface Driver {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  exec?(text: string): Promise<{ rows: unknown[] }[]>;
}

/**
 * pg-boss's database executor over our database client: its SQL runs on the very connection
 * drizzle uses for `db`. Given the base database, that is the `pg` pool or the PGlite instance;
 * given a transaction, its connection, so a job sent with it commits or rolls back with the
 * caller's writes (drizzle keeps the driver as `session.client`; checked here, not assumed).
 *
 * PGlite runs one statement with parameters per `query`; pg-boss's few multi-statement commands
 * (schema creation, its locked maintenance) have no parameters and go through `exec`.
 */
export function executorOf(db: Db): PgBoss.Db {
  const driver = (db as unknown as { session?: { client?: Driver } }).session?.client;
  if (!driver || typeof driver.query !== 'function') {
    throw new Error('platform/jobs: the database handle exposes no driver (drizzle session.client)');
  }
  const exec = driver.exec;
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (exec && !values?.length) {
        const results = await exec.call(driver, text);
        return results.at(-1) ?? { rows: [] };
      }
      return driver.query(text, values);
    },
  } as PgBoss.Db;
}
