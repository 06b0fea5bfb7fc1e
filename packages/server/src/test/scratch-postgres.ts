import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A throw-away database on the PostgreSQL server of `baseUrl` (tests, benchmarks): its URL, and
 * `drop` to remove it (connections still open are ended).
 */
export async function createScratchPostgres(
  baseUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
