import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { JobName } from '../packages/contracts/src/index.js';
import { ServiceClock } from '../packages/server/src/platform/clock.js';
import { type Database, openDatabase } from '../packages/server/src/platform/db/client.js';
import { defineJob, JobQueue } from '../packages/server/src/platform/jobs/index.js';
import { log, ms, openBenchDatabase, percentile, resultLine, throughput } from './harness.js';

const cause = { actorId: null, actor: 'bench', action: 'bench', target: null };
const quiet = { warn: () => {}, error: () => {} };

/**
 * `bench jobs`: no-op jobs completed per second — two instances on PostgreSQL (DATABASE_URL),
 * one on PGlite — against single-row inserts through the same database path in the same run;
 * and the p99 from enqueue to start on an idle queue. Jobs are enqueued first (100 per
 * transaction), then the runners start and the clock runs until every one is completed.
 */
export async function benchJobs(): Promise<string[]> {
  const database = await openBenchDatabase();
  const onPostgres = database.kind === 'postgres';
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const total = Number(process.env.BENCH_JOBS ?? (onPostgres ? 3000 : 600));
  const extra: Database[] = [];
  try {
    await database.db.execute(sql`create table bench_rows (id bigserial primary key, note text not null)`);
    log(`baseline: single-row inserts for ${seconds} s`);
    const inserts = await throughput(
      () => database.db.execute(sql`insert into bench_rows (note) values ('x')`),
      seconds,
      onPostgres ? 16 : 4,
    );

    let started = 0;
    const latencies: number[] = [];
    const noop = defineJob({
      name: 'bench.noop' as JobName,
      payload: z.object({ at: z.number().optional() }),
      retry: { limit: 1, delaySeconds: 1, backoff: false },
      concurrency: onPostgres ? 16 : 8,
      leaseSeconds: 60,
      handler: async ({ payload }) => {
        started += 1;
        if (payload.at) latencies.push(Date.now() - payload.at);
      },
    });
    // The enqueuer installs pg-boss's tables and the queue; it runs nothing.
    const enqueuer = new JobQueue(database, new ServiceClock(), quiet, { work: false });
    enqueuer.register(noop);
    await enqueuer.start();
    log(`enqueue ${total} jobs (100 per transaction)`);
    for (let i = 0; i < total; i += 100) {
      await database.db.transaction(async (tx) => {
        for (let j = i; j < Math.min(total, i + 100); j++) await enqueuer.enqueue(tx, noop, {}, cause);
      });
    }
    if (onPostgres) {
      const url = (database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
      extra.push(await openDatabase({ databaseUrl: url, poolSize: 20 }));
    }
    const runners = [database, ...extra].map((db) => {
      const runner = new JobQueue(db, new ServiceClock(), quiet, { pollSeconds: 0.5, graceMs: 1_000 });
      runner.register(noop);
      return runner;
    });
    log(`run them on ${runners.length} instance(s)`);
    const t0 = process.hrtime.bigint();
    await Promise.all(runners.map((r) => r.start()));
    const completed = async () =>
      Number(
        (
          (await database.db.execute(
            sql`select count(*)::int as n from pgboss.job where name = 'bench.noop' and state = 'completed'`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0].n,
      );
    while ((await completed()) < total) await new Promise((r) => setTimeout(r, 50));
    const jobsPerSecond = total / (ms(t0) / 1000);
    if (started !== total || (await completed()) !== total) {
      throw new Error(`bench jobs: ${started} runs for ${total} jobs`);
    }

    log('enqueue-to-start on an idle queue: 40 jobs, one at a time');
    for (let i = 0; i < 40; i++) {
      await database.db.transaction((tx) => enqueuer.enqueue(tx, noop, { at: Date.now() }, cause));
      const before = latencies.length;
      while (latencies.length === before) await new Promise((r) => setTimeout(r, 5));
    }
    if (latencies.length !== 40) throw new Error(`bench jobs: ${latencies.length} of 40 idle jobs started`);
    const p99 = percentile(latencies, 99);
    for (const r of runners) await r.stop(1_000);
    await enqueuer.stop(0);
    const where = onPostgres ? 'PostgreSQL, 2 instances' : 'PGlite, 1 instance';
    return [
      resultLine(
        'jobs',
        `${jobsPerSecond.toFixed(0)} no-op jobs/s (${where}; ${total} jobs)`,
        jobsPerSecond / inserts,
        `${inserts.toFixed(0)} single-row inserts/s`,
      ),
      `bench jobs: p99 enqueue-to-start on an idle queue ${p99.toFixed(0)} ms (target ≤ 1000 ms; ${where})`,
    ];
  } finally {
    for (const d of extra) await d.close();
    await database.close();
  }
}
