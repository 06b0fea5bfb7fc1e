import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { JobName } from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createScratchPostgres } from '../../test/scratch-postgres.js';
import { ServiceClock } from '../clock.js';
import { type Database, type Db, openDatabase } from '../db/client.js';
import { defineJob, type JobDefinition } from './define.js';
import { JobQueue, type JobQueueOptions } from './queue.js';

/**
 * The job queue on the embedded database and, with TEST_DATABASE_URL, on PostgreSQL with two
 * instances (two pools, two runners) sharing one database. Leases and checks are short here.
 */
const baseUrl = process.env.TEST_DATABASE_URL;
const onPostgres = Boolean(baseUrl);
const fast: JobQueueOptions = { pollSeconds: 0.5, maintenanceSeconds: 1, cronSeconds: 1, graceMs: 2_000 };
const silent = process.env.JOBS_DEBUG
  ? { warn: console.warn, error: console.error }
  : { warn: () => {}, error: () => {} };

let scratch: { url: string; drop(): Promise<void> } | undefined;
let first: Database;
let second: Database;
const queues: JobQueue[] = [];

beforeAll(async () => {
  scratch = baseUrl ? await createScratchPostgres(baseUrl, 'rookery_jobs') : undefined;
  first = await openDatabase({ databaseUrl: scratch?.url, poolSize: 6 });
  // Two instances on PostgreSQL; on PGlite the second runner shares the one embedded database.
  second = scratch ? await openDatabase({ databaseUrl: scratch.url, poolSize: 6 }) : first;
  await first.db.execute(sql`create table job_effects (key text not null, job_id text not null, actor text)`);
});

afterAll(async () => {
  for (const q of queues) await q.stop(0).catch(() => {});
  if (second !== first) await second.close();
  await first.close();
  await scratch?.drop();
});

/** A job name for a test (the catalogue's names are for the product's jobs). */
let n = 0;
const testName = (what: string) => `test.${what}.${++n}` as JobName;

async function queue(database: Database, defs: JobDefinition[], opts: JobQueueOptions = {}) {
  const q = new JobQueue(database, new ServiceClock(), silent, { ...fast, ...opts });
  for (const d of defs) q.register(d);
  await q.start();
  queues.push(q);
  return q;
}

/** A job whose effect is one row in job_effects, written in the transaction that completes it. */
function effectJob(name: JobName, extra: Partial<JobDefinition> = {}) {
  return defineJob({
    name,
    payload: z.object({ key: z.string() }),
    retry: { limit: 2, delaySeconds: 1, backoff: false },
    concurrency: 4,
    leaseSeconds: 30,
    handler: (ctx) =>
      ctx.transaction(async (tx) => {
        await tx.execute(
          sql`insert into job_effects (key, job_id, actor) values (${(ctx.payload as { key: string }).key}, ${ctx.id}, ${ctx.cause.actor})`,
        );
      }),
    ...extra,
  } as JobDefinition);
}

const cause = { actorId: 1, actor: 'alice', action: 'testAction', target: 'thing:1' };

async function effects(prefix: string) {
  const r = await first.db.execute(
    sql`select key, count(*)::int as n from job_effects where key like ${`${prefix}%`} group by key`,
  );
  return (r as unknown as { rows: { key: string; n: number }[] }).rows;
}

async function jobRow(id: string) {
  const r = await first.db.execute(
    sql`select state::text as state, retry_count, retry_limit, output, start_after, started_on, completed_on
        from pgboss.job where id = ${id}`,
  );
  return (r as unknown as { rows: Record<string, unknown>[] }).rows[0] as {
    state: string;
    retry_count: number;
    retry_limit: number;
    output: Record<string, unknown> | null;
    start_after: Date;
    started_on: Date | null;
    completed_on: Date | null;
  };
}

const enqueueIn = (q: JobQueue, db: Db, def: JobDefinition, payload: unknown, opts = {}) =>
  q.enqueue(db, def, payload as never, cause, opts);

describe('jobs', () => {
  it('runs a job enqueued in a committed transaction once, under its cause; a rolled-back one never', async () => {
    const def = effectJob(testName('tx'));
    const q = await queue(first, [def]);
    await first.db
      .transaction(async (tx) => {
        await enqueueIn(q, tx, def, { key: 'tx-rolled-back' });
        throw new Error('roll back');
      })
      .catch(() => {});
    const id = await first.db.transaction((tx) => enqueueIn(q, tx, def, { key: 'tx-committed' }));
    await expect.poll(() => effects('tx-'), { timeout: 10_000 }).toEqual([{ key: 'tx-committed', n: 1 }]);
    const row = await jobRow(id!);
    expect(row.state).toBe('completed');
    const actor = await first.db.execute(sql`select actor from job_effects where key = 'tx-committed'`);
    expect((actor as unknown as { rows: { actor: string }[] }).rows[0].actor).toBe('alice');
    // The rolled-back job is nowhere, not even waiting.
    const left = await first.db.execute(sql`select count(*)::int as n from pgboss.job where name = ${def.name}`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0].n).toBe(1);
    await q.stop();
  });

  it(`runs ${onPostgres ? '1,000 jobs enqueued from two instances' : '200 jobs'} with each effect exactly once`, async () => {
    const def = effectJob(testName('bulk'));
    const total = onPostgres ? 1000 : 200;
    const a = await queue(first, [def]);
    const b = await queue(second, [def]);
    const half = total / 2;
    await Promise.all(
      [
        [a, first],
        [b, second],
      ].map(async ([q, database], side) => {
        for (let i = 0; i < half; i += 50) {
          await (database as Database).db.transaction(async (tx) => {
            for (let j = i; j < i + 50; j++) await enqueueIn(q as JobQueue, tx, def, { key: `bulk-${side}-${j}` });
          });
        }
      }),
    );
    await expect.poll(async () => (await effects('bulk-')).length, { timeout: 60_000, interval: 500 }).toBe(total);
    const rows = await effects('bulk-');
    expect(rows.every((r) => r.n === 1)).toBe(true);
    await a.stop();
    await b.stop();
  }, 90_000);

  it('retries with backoff and keeps the last error when it gives up', async () => {
    const runs: number[] = [];
    const def = defineJob({
      name: testName('backoff'),
      payload: z.object({}),
      retry: { limit: 2, delaySeconds: 1, backoff: true },
      concurrency: 1,
      leaseSeconds: 30,
      handler: async (ctx) => {
        runs.push(Date.now());
        throw new Error(`attempt ${ctx.attempt} failed`);
      },
    });
    const q = await queue(first, [def]);
    const id = await enqueueIn(q, first.db, def, {});
    await expect.poll(async () => (await jobRow(id!)).state, { timeout: 20_000, interval: 300 }).toBe('failed');
    expect(runs).toHaveLength(3);
    const row = await jobRow(id!);
    expect(row.output).toMatchObject({ message: 'attempt 3 failed' });
    expect(row.retry_count).toBe(2);
    // pg-boss's backoff: the n-th retry waits between delay·2ⁿ⁻¹ and delay·2ⁿ seconds (+ polling).
    expect(runs[1] - runs[0]).toBeGreaterThanOrEqual(900);
    expect(runs[2] - runs[1]).toBeGreaterThanOrEqual(1900);
    expect(runs[2] - runs[1]).toBeGreaterThan((runs[1] - runs[0]) * 0.9);
    await q.stop();
  }, 30_000);

  it('cancels a waiting job (it never runs) and a running one (its next progress stops it)', async () => {
    let ran = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stoppedWith: string[] = [];
    const def = defineJob({
      name: testName('cancel'),
      payload: z.object({ wait: z.boolean() }),
      retry: { limit: 0, delaySeconds: 0, backoff: false },
      concurrency: 2,
      leaseSeconds: 30,
      handler: async (ctx) => {
        ran += 1;
        await ctx.progress(1, 3);
        await gate;
        try {
          await ctx.progress(2, 3);
        } catch (err) {
          stoppedWith.push((err as Error).name);
          throw err;
        }
      },
    });
    const q = await queue(first, [def]);
    const later = await q.enqueue(first.db, def, { wait: true }, cause, { startAfterSeconds: 60 });
    const running = await enqueueIn(q, first.db, def, { wait: true });
    await expect
      .poll(async () => (await jobRow(running!)).output, { timeout: 10_000 })
      .toEqual({
        progress: { done: 1, total: 3 },
      });
    const { executorOf } = await import('./executor.js');
    const plans = (await import('pg-boss/src/plans.js')).default;
    for (const id of [later, running]) {
      await executorOf(first.db).executeSql(plans.cancelJobs('pgboss'), [def.name, [id]]);
    }
    release();
    await expect.poll(() => stoppedWith, { timeout: 5_000 }).toEqual(['JobStopped']);
    expect((await jobRow(running!)).state).toBe('cancelled');
    expect((await jobRow(later!)).state).toBe('cancelled');
    expect(ran).toBe(1);
    await q.stop();
  });

  it('on stop waits for a running job to finish within the grace time; past it, releases the job', async () => {
    const def = defineJob({
      name: testName('grace'),
      payload: z.object({ ms: z.number() }),
      retry: { limit: 0, delaySeconds: 0, backoff: false },
      concurrency: 2,
      leaseSeconds: 60,
      handler: async (ctx) => {
        await ctx.progress(0, 1);
        await new Promise((r) => setTimeout(r, ctx.payload.ms));
        return 'done';
      },
    });
    const q = await queue(first, [def]);
    const quick = await enqueueIn(q, first.db, def, { ms: 800 });
    const slow = await enqueueIn(q, first.db, def, { ms: 5_000 });
    await expect.poll(() => q.running, { timeout: 10_000 }).toBe(2);
    await q.stop(1_500);
    const done = await jobRow(quick!);
    expect(done.state).toBe('completed');
    expect(done.output).toMatchObject({ result: 'done' });
    // Released without counting an attempt: waiting again, for any instance.
    const released = await jobRow(slow!);
    expect(released.state).toBe('retry');
    expect(released.retry_limit).toBe(1);
    const other = await queue(second, [{ ...def, handler: async () => 'finished elsewhere' } as JobDefinition]);
    await expect.poll(async () => (await jobRow(slow!)).state, { timeout: 10_000 }).toBe('completed');
    expect((await jobRow(slow!)).output).toMatchObject({ result: 'finished elsewhere' });
    await other.stop();
  }, 30_000);

  it("takes over a dead instance's jobs after their lease; each effect once", async () => {
    const def = effectJob(testName('lease'), { leaseSeconds: 2, concurrency: 5 });
    const stuck = {
      ...def,
      // The dying instance gets as far as running the jobs, never as far as their effect.
      handler: () => new Promise(() => {}),
    } as JobDefinition;
    const dying = await queue(first, [stuck]);
    for (let i = 0; i < 5; i++) await enqueueIn(dying, first.db, def, { key: `lease-${i}` });
    await expect.poll(() => dying.running, { timeout: 10_000 }).toBe(5);
    await dying.abandon();
    const started = Date.now();
    const survivor = await queue(second, [def]);
    await expect.poll(async () => (await effects('lease-')).length, { timeout: 20_000, interval: 300 }).toBe(5);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect((await effects('lease-')).every((r) => r.n === 1)).toBe(true);
    await survivor.stop();
  }, 30_000);

  it('runs a cron schedule on one instance of two per tick', async () => {
    const runs: string[] = [];
    const make = (who: string) =>
      defineJob({
        name: 'test.cron' as JobName,
        payload: z.object({}),
        schedule: { cron: '* * * * *' },
        retry: { limit: 0, delaySeconds: 0, backoff: false },
        concurrency: 1,
        leaseSeconds: 30,
        handler: async () => {
          runs.push(`${who}@${new Date().toISOString().slice(0, 16)}`);
        },
      });
    const a = await queue(first, [make('a')]);
    const b = await queue(second, [make('b')]);
    await expect.poll(() => runs.length, { timeout: 20_000, interval: 300 }).toBeGreaterThanOrEqual(1);
    // Both instances check every second; another few seconds must not bring a second run in the same minute.
    await new Promise((r) => setTimeout(r, 4_000));
    const minutes = runs.map((r) => r.split('@')[1]);
    expect(new Set(minutes).size).toBe(runs.length);
    await a.stop();
    await b.stop();
  }, 40_000);

  it('runs an interval schedule once per interval across two instances', async () => {
    let count = 0;
    const make = () =>
      defineJob({
        name: 'test.every' as JobName,
        payload: z.object({}),
        schedule: { everySeconds: 2 },
        retry: { limit: 0, delaySeconds: 0, backoff: false },
        concurrency: 1,
        leaseSeconds: 30,
        handler: async () => {
          count += 1;
        },
      });
    const a = await queue(first, [make()]);
    const b = await queue(second, [make()]);
    await new Promise((r) => setTimeout(r, 7_000));
    await a.stop();
    await b.stop();
    // 7 s are three or four 2-second slots; two instances without the slot key would run 6–8.
    expect(count).toBeGreaterThanOrEqual(2);
    expect(count).toBeLessThanOrEqual(4);
  }, 20_000);
});

describe.skipIf(onPostgres)('jobs on a PGlite data directory', () => {
  it('finishes the queue after the database is closed mid-queue and reopened', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rookery-jobs-'));
    try {
      let database = await openDatabase({ dataDir: path.join(dir, 'pg') });
      await database.db.execute(sql`create table job_effects (key text not null, job_id text not null, actor text)`);
      const def = effectJob(testName('reopen'), { leaseSeconds: 2, concurrency: 2 });
      let taken = 0;
      const slow = {
        ...def,
        handler: async () => {
          taken += 1;
          await new Promise(() => {});
        },
      } as JobDefinition;
      const q1 = new JobQueue(database, new ServiceClock(), silent, fast);
      q1.register(slow);
      await q1.start();
      for (let i = 0; i < 10; i++) await q1.enqueue(database.db, def, { key: `reopen-${i}` }, cause);
      await expect.poll(() => taken, { timeout: 10_000 }).toBe(2);
      await q1.abandon();
      await database.close();

      database = await openDatabase({ dataDir: path.join(dir, 'pg') });
      const q2 = new JobQueue(database, new ServiceClock(), silent, fast);
      q2.register(def);
      await q2.start();
      const count = async () =>
        (
          (await database.db.execute(
            sql`select count(*)::int as n, count(distinct key)::int as k from job_effects`,
          )) as unknown as { rows: { n: number; k: number }[] }
        ).rows[0];
      await expect.poll(count, { timeout: 20_000, interval: 300 }).toEqual({ n: 10, k: 10 });
      await q2.stop();
      await database.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
