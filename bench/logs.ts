import { sql } from 'drizzle-orm';
import { clientLogEntrySchema, DAY_MS } from '../packages/contracts/src/index.js';
import { checkBatch, clientRow } from '../packages/server/src/modules/logs/ingest.js';
import { ensurePartitions } from '../packages/server/src/modules/logs/partitions.js';
import { listLogs } from '../packages/server/src/modules/logs/queries.js';
import { logEntries } from '../packages/server/src/modules/logs/tables.js';
import { LogWriter } from '../packages/server/src/modules/logs/writer.js';
import type { Database } from '../packages/server/src/platform/db/client.js';
import { assertRight, log, ms, openBenchDatabase, percentile, resultLine, throughput } from './harness.js';

const quietLog = { warn: () => {}, error: () => {} } as never;
type Rows<T> = { rows: T[] };

const count = async (database: Database, where = sql`true`) =>
  Number(
    (
      (await database.db.execute(sql`select count(*)::int as n from log_entries where ${where}`)) as unknown as Rows<{
        n: number;
      }>
    ).rows[0].n,
  );

/** A game client's batch of 100 entries, as the game sends it. */
const batchOf = (seed: number) =>
  Array.from({ length: 100 }, (_, i) => ({
    message: `NullReferenceException in Shop.Open at slot ${(seed * 100 + i) % 977}`,
    type: i % 10 === 0 ? 'error' : 'info',
    time: '2026-11-24 10:00:00',
    userId: 1 + ((seed * 100 + i) % 50_000),
    deviceId: `device-${i}`,
    appVersion: '2.4.1',
    os: i % 2 ? 'android' : 'ios',
    meta: { scene: 'shop', token: 'secret-token-value' },
  }));

/**
 * `bench log-ingest`: client log entries stored per second from batches of 100 through the
 * ingestion path (each entry checked, secrets hashed, buffered, written in multi-row inserts),
 * against multi-row inserts of the same rows (100 a statement) through the same database in the
 * same run. Every accepted entry must be stored.
 */
export async function benchLogIngest(): Promise<string[]> {
  const database = await openBenchDatabase();
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const concurrency = database.kind === 'postgres' ? 8 : 2;
  try {
    await ensurePartitions(database.db, new Date());
    const now = new Date();
    const rows = checkBatch(batchOf(0), clientLogEntrySchema, clientRow(now), 'en-US').rows;
    log(`baseline: multi-row inserts of 100 rows for ${seconds} s`);
    const inserts = await throughput(() => database.db.insert(logEntries).values(rows), seconds, concurrency);
    const baselineRows = inserts * 100;
    const before = await count(database);

    const writer = new LogWriter(database.db, quietLog, { flushMs: 1000, maxBatch: 1000, maxBuffered: 1_000_000 });
    let accepted = 0;
    log(`ingest: batches of 100 through the log path for ${seconds} s`);
    const t0 = process.hrtime.bigint();
    await throughput(
      async (i) => {
        const { rows: valid, answer } = checkBatch(batchOf(i), clientLogEntrySchema, clientRow(new Date()), 'en-US');
        accepted += answer.accepted;
        writer.push(valid);
        // Back-pressure as a busy server has it: the buffer is written before it grows past a few
        // batches. Incidents fold on their own queue; the clock stops only when they are done too.
        await writer.drain();
      },
      seconds,
      concurrency,
    );
    await writer.close();
    const elapsed = ms(t0) / 1000;
    const stored = (await count(database)) - before;
    assertRight(stored === accepted, `${stored} stored of ${accepted} accepted`);
    const leaked = await count(database, sql`meta::text like '%secret-token-value%'`);
    assertRight(leaked === 0, `${leaked} rows kept a token`);
    const perSecond = stored / elapsed;
    return [
      resultLine(
        'log-ingest',
        `${perSecond.toFixed(0)} client log entries stored/s from batches of 100 (${database.kind})`,
        perSecond / baselineRows,
        `${baselineRows.toFixed(0)} rows/s by multi-row inserts`,
      ),
    ];
  } finally {
    await database.close();
  }
}

/**
 * `bench log-search`: BENCH_LOG_ENTRIES entries (default 1,000,000 on PGlite, 10,000,000 on
 * PostgreSQL) over 30 days; the first page of a 24-hour window filtered by level and a text
 * fragment, p99 against a primary-key lookup's p99 in the same run; and the disk per million.
 */
export async function benchLogSearch(): Promise<string[]> {
  const database = await openBenchDatabase();
  const onPostgres = database.kind === 'postgres';
  const total = Number(process.env.BENCH_LOG_ENTRIES ?? (onPostgres ? 10_000_000 : 1_000_000));
  const rounds = Number(process.env.BENCH_ROUNDS ?? 200);
  try {
    const now = new Date();
    await ensurePartitions(database.db, now, new Date(now.getTime() - 31 * DAY_MS));
    log(`fill ${total} entries over 30 days`);
    const chunk = 200_000;
    for (let from = 0; from < total; from += chunk) {
      const n = Math.min(chunk, total - from);
      await database.db.execute(sql`
        insert into log_entries (at, kind, level, message, user_id, app_version, os)
        select ${now.toISOString()}::timestamptz - (random() * interval '30 days'),
               'client',
               (array['debug','info','info','info','warn','error'])[1 + (i % 6)],
               'event ' || md5(i::text) || ' in scene ' || (i % 97),
               1 + (i % 100000), '2.' || (i % 5) || '.0', case when i % 2 = 0 then 'ios' else 'android' end
          from generate_series(${from + 1}::int, ${from + n}::int) as i`);
    }
    // The planted entries: 30 errors of the last day with a fragment nothing else holds.
    const fragment = 'zqxneedle';
    await database.db.execute(sql`
      insert into log_entries (at, kind, level, message, user_id, app_version, os)
      select ${now.toISOString()}::timestamptz - (i * interval '30 minutes'), 'client', 'error',
             'crash ' || ${fragment}::text || ' #' || i, 7, '2.4.1', 'android'
        from generate_series(1, 30) as i`);
    await database.db.execute(sql`analyze log_entries`);

    const query = {
      start: new Date(now.getTime() - DAY_MS).toISOString(),
      end: new Date(now.getTime() + 1000).toISOString(),
      level: 'error' as const,
      q: fragment,
      pageSize: 50,
    };
    const first = await listLogs(database.db, query, ['client']);
    assertRight(first.list.length === 30, `first page has ${first.list.length} of 30 planted entries`);
    assertRight(
      first.list.every((e) => e.message.includes(fragment) && e.level === 'error'),
      'the page holds other entries',
    );
    const keys = (
      (await database.db.execute(
        sql`select at::text as at, id from log_entries tablesample system (1) limit 500`,
      )) as unknown as Rows<{ at: string; id: number }>
    ).rows;
    assertRight(keys.length > 0, 'no keys sampled');

    log(`${rounds} searches and ${rounds} key lookups`);
    const search: number[] = [];
    const lookup: number[] = [];
    for (let i = 0; i < rounds; i++) {
      let t = process.hrtime.bigint();
      await listLogs(database.db, query, ['client']);
      search.push(ms(t));
      const k = keys[i % keys.length];
      t = process.hrtime.bigint();
      const found = (await database.db.execute(
        sql`select * from log_entries where kind = 'client' and at = ${k.at}::timestamptz and id = ${k.id}`,
      )) as unknown as Rows<unknown>;
      lookup.push(ms(t));
      assertRight(found.rows.length === 1, 'key lookup missed');
    }
    const p99Search = percentile(search, 99);
    const p99Lookup = percentile(lookup, 99);
    const bytes = Number(
      (
        (await database.db.execute(sql`
        select coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint as n
          from pg_class c where c.relname like 'log_entries_%' and c.relkind = 'r'`)) as unknown as Rows<{
          n: string;
        }>
      ).rows[0].n,
    );
    const trgm = (
      (await database.db.execute(
        sql`select count(*)::int as n from pg_indexes where indexname like '%trgm%'`,
      )) as unknown as Rows<{ n: number }>
    ).rows[0].n;
    const stored = total + 30;
    return [
      resultLine(
        'log-search',
        `p99 ${p99Search.toFixed(1)} ms first page, 24 h window, level + text, ${stored} entries over 30 days (${database.kind}, trigram index ${trgm > 0 ? 'on' : 'off'})`,
        p99Search / p99Lookup,
        `primary-key lookup p99 ${p99Lookup.toFixed(2)} ms`,
      ),
      `bench log-search: disk ${(((bytes / stored) * 1e6) / 1024 / 1024).toFixed(0)} MB per million entries (tables and indexes, ${database.kind})`,
    ];
  } finally {
    await database.close();
  }
}
