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
const fast: JobQueueOptions = {
  pollSeconds: 0.5,
  maintenanceSeconds: 1,
  cronSeconds: 1,
  graceMs: 2_000,
  goneSeconds: 3,
  sweepSeconds: 0.5,
};
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

async function queue(
  database: Database,
  defs: JobDefinition[],
  opts: JobQueueOptions = {},
  log: { warn: (...a: unknown[]) => void; error: (...a: unknown[]) => void } = silent,
  clock = new ServiceClock(),
) {
  const q = new JobQueue(database, clock, log, { ...fast, ...opts });
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

async function rowsIn(text: string) {
  return ((await first.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows as Record<
    string,
    number | string
  >[];
}

/** A job's attempts as recorded in job_runs, in order. */
async function runsOf(id: string) {
  const r = await first.db.execute(
    sql`select fence, instance_id, outcome, error, ended_at is not null as ended from job_runs where job_id = ${id} order by fence`,
  );
  return (r as unknown as { rows: Record<string, unknown>[] }).rows;
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
    await expect.poll(() => effects('tx-'), { timeout: 30_000 }).toEqual([{ key: 'tx-committed', n: 1 }]);
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
      .poll(async () => (await jobRow(running!)).output, { timeout: 30_000 })
      .toEqual({
        progress: { done: 1, total: 3 },
      });
    const { executorOf } = await import('./executor.js');
    const plans = (await import('pg-boss/src/plans.js')).default;
    for (const id of [later, running]) {
      await executorOf(first.db).executeSql(plans.cancelJobs('pgboss'), [def.name, [id]]);
    }
    release();
    await expect.poll(() => stoppedWith, { timeout: 15_000 }).toEqual(['JobStopped']);
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
    await expect.poll(() => q.running, { timeout: 30_000 }).toBe(2);
    await q.stop(1_500);
    const done = await jobRow(quick!);
    expect(done.state).toBe('completed');
    expect(done.output).toMatchObject({ result: 'done' });
    // Released without counting an attempt: waiting again, for any instance.
    const released = await jobRow(slow!);
    expect(released.state).toBe('retry');
    expect(released.retry_limit).toBe(1);
    const other = await queue(second, [{ ...def, handler: async () => 'finished elsewhere' } as JobDefinition]);
    await expect.poll(async () => (await jobRow(slow!)).state, { timeout: 30_000 }).toBe('completed');
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
    await expect.poll(() => dying.running, { timeout: 30_000 }).toBe(5);
    await dying.abandon();
    const started = Date.now();
    const survivor = await queue(second, [def]);
    await expect.poll(async () => (await effects('lease-')).length, { timeout: 20_000, interval: 300 }).toBe(5);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect((await effects('lease-')).every((r) => r.n === 1)).toBe(true);
    await survivor.stop();
  }, 30_000);

  it("takes back a gone instance's run within seconds whatever its lease, and records both attempts", async () => {
    const def = effectJob(testName('gone'), { leaseSeconds: 600 });
    const dying = await queue(first, [{ ...def, handler: () => new Promise(() => {}) } as JobDefinition]);
    const id = await enqueueIn(dying, first.db, def, { key: 'gone-1' });
    await expect.poll(() => dying.running, { timeout: 30_000 }).toBe(1);
    const dead = dying.instanceId;
    await dying.abandon();
    const killed = performance.now();
    const survivor = await queue(second, [def]);
    await expect.poll(() => effects('gone-'), { timeout: 20_000, interval: 200 }).toEqual([{ key: 'gone-1', n: 1 }]);
    const took = performance.now() - killed;
    // The gone threshold (3 s) and a sweep (0.5 s), not the 600 s lease.
    expect(took).toBeGreaterThanOrEqual(2_500);
    expect(took).toBeLessThan(12_000);
    expect(await runsOf(id!)).toEqual([
      { fence: 0, instance_id: dead, outcome: 'gone', error: 'instance gone', ended: true },
      { fence: 1, instance_id: survivor.instanceId, outcome: 'completed', error: null, ended: true },
    ]);
    const row = await jobRow(id!);
    expect(row).toMatchObject({ state: 'completed', retry_count: 1 });
    await survivor.stop();
  }, 30_000);

  it('an instance declared gone stops its run without finishing it, registers again and works on', async () => {
    const name = testName('paused');
    await first.db.execute(
      sql`create table paused_steps (step int primary key, job_id text not null, fence int not null)`,
    );
    const stoppedOnA: string[] = [];
    const STEPS = 60;
    /**
     * Sixty steps of 150 ms (9 s and more), each one fenced row; a later attempt carries on after the
     * last committed one. Long enough that A cannot finish them all before the sweep (3 s gone, 0.5 s
     * sweeps) takes its run back, however fast the machine (twenty steps could: a CI flake).
     */
    const steps = (who: string) =>
      defineJob({
        name,
        payload: z.object({}),
        retry: { limit: 3, delaySeconds: 30, backoff: false },
        concurrency: 1,
        leaseSeconds: 600,
        handler: async (ctx) => {
          for (;;) {
            const r = await ctx.db.execute(sql`select count(*)::int as n from paused_steps`);
            const done = (r as unknown as { rows: { n: number }[] }).rows[0].n;
            if (done >= STEPS) return done;
            await new Promise((resolve) => setTimeout(resolve, 150));
            try {
              // A plain insert: a step written twice would fail the job on the primary key.
              await ctx.step((tx) =>
                tx.execute(sql`insert into paused_steps values (${done}, ${ctx.id}, ${ctx.attempt - 1})`),
              );
            } catch (err) {
              if (who === 'a') stoppedOnA.push((err as Error).name);
              throw err;
            }
          }
        },
      }) as JobDefinition;
    const a = await queue(first, [steps('a')]);
    const id = await enqueueIn(a, first.db, steps('a'), {});
    await expect
      .poll(async () => (await rowsIn('select count(*)::int as n from paused_steps'))[0].n, { timeout: 15_000 })
      .toBeGreaterThan(2);
    // A pauses (no heartbeat) while its handler goes on, as a process cut off from the others would.
    const paused = a as unknown as { heartbeat: () => Promise<void> };
    paused.heartbeat = async () => {};
    const oldId = a.instanceId;
    const b = await queue(second, [steps('b')]);
    await expect.poll(async () => (await jobRow(id!)).state, { timeout: 60_000, interval: 200 }).toBe('completed');
    // A's next step after the take-back was refused by its fence: it stopped, it did not finish.
    expect(stoppedOnA).toContain('JobStopped');
    const written = await rowsIn(
      'select count(*)::int as n, count(distinct step)::int as d, max(fence) as f from paused_steps',
    );
    expect(written[0]).toMatchObject({ n: STEPS, d: STEPS });
    const attempts = await runsOf(id!);
    expect(attempts.map((r) => [r.instance_id === oldId, r.outcome])).toEqual([
      [true, 'gone'],
      [false, 'completed'],
    ]);
    // A's heartbeat comes back: its row says gone, so it registers again under a new ID, alive.
    delete (paused as Partial<typeof paused>).heartbeat;
    await expect.poll(() => a.instanceId, { timeout: 30_000 }).not.toBe(oldId);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await rowsIn(`select gone_at from instances where id = '${a.instanceId}'`)).toEqual([{ gone_at: null }]);
    await a.stop();
    await b.stop();
  }, 120_000);

  it('instances whose clocks are 5 s ahead and 5 s behind are not taken for gone; a dead one still is', async () => {
    const def = effectJob(testName('skew'), { leaseSeconds: 600 });
    const ahead = new ServiceClock();
    ahead.offset(5_000);
    const behind = new ServiceClock();
    behind.offset(-5_000);
    const a = await queue(first, [def], {}, silent, ahead);
    const b = await queue(second, [def], {}, silent, behind);
    for (let i = 0; i < 6; i++) await enqueueIn(a, first.db, def, { key: `skew-${i}` });
    // Twice the gone threshold with both beating: neither is declared gone.
    await new Promise((r) => setTimeout(r, 7_000));
    const marked = await rowsIn(
      `select id from instances where id in ('${a.instanceId}', '${b.instanceId}') and gone_at is not null`,
    );
    expect(marked).toEqual([]);
    expect((await effects('skew-')).length).toBe(6);
    expect((await effects('skew-')).every((r) => r.n === 1)).toBe(true);
    // The one behind dies holding a run: the one ahead takes it back within seconds.
    const stuck = { ...def, name: testName('skewdead'), handler: () => new Promise(() => {}) } as JobDefinition;
    const c = await queue(second, [stuck], {}, silent, behind);
    const id = await enqueueIn(c, first.db, stuck, { key: 'skew-dead' });
    await expect.poll(() => c.running, { timeout: 30_000 }).toBe(1);
    await c.abandon();
    const d = await queue(first, [{ ...stuck, handler: def.handler } as JobDefinition], {}, silent, ahead);
    await expect.poll(async () => (await jobRow(id!)).state, { timeout: 15_000, interval: 200 }).toBe('completed');
    await a.stop();
    await b.stop();
    await d.stop();
  }, 40_000);

  it("reports the fetch's database errors in our log (pg-boss's own fetch kept them to itself)", async () => {
    const def = effectJob(testName('fetcherr'));
    const warnings: string[] = [];
    const log = { warn: (o: unknown, m?: unknown) => warnings.push(`${m} ${JSON.stringify(o)}`), error: () => {} };
    // pg-boss's schema exists once a queue started.
    const q = await queue(first, [def], {}, log);
    await first.db.execute(
      sql.raw(`create function refuse_fetch() returns trigger language plpgsql as $$
        begin raise exception 'fetch refused for the test'; end $$`),
    );
    await first.db.execute(
      sql.raw(`create trigger refuse_fetch before update on pgboss.job for each row
        when (new.name = '${def.name}' and new.state = 'active') execute function refuse_fetch()`),
    );
    try {
      await enqueueIn(q, first.db, def, { key: 'fetcherr' });
      await expect.poll(() => warnings.join('\n'), { timeout: 30_000 }).toContain('fetch refused for the test');
      expect(warnings.join('\n')).toContain('job runner could not fetch');
      await q.stop();
    } finally {
      await first.db.execute(sql.raw('drop trigger refuse_fetch on pgboss.job'));
      await first.db.execute(sql.raw('drop function refuse_fetch()'));
    }
  });

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
      await expect.poll(() => taken, { timeout: 30_000 }).toBe(2);
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
