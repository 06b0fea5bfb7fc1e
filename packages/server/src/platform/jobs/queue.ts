import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { type JobName, SCHEDULED_JOB_ACTION } from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import plans from 'pg-boss/src/plans.js';
import { Gauge, type Registry } from 'prom-client';
import type { Clock } from '../clock.js';
import type { Database, Db } from '../db/client.js';
import { loggableError } from '../db/errors.js';
import { writeAudit } from '../http/audit.js';
import { type JobCause, type JobContext, type JobDefinition, JobStopped } from './define.js';
import { executorOf } from './executor.js';

/** pg-boss keeps its tables in this schema (created and migrated by pg-boss at start). */
export const JOB_SCHEMA = 'pgboss';
/** Sent in the enqueuing transaction: every instance's runner wakes when it commits. */
const WAKE_CHANNEL = 'rookery_jobs';

export interface JobQueueOptions {
  /** Take jobs in this process (default); false only enqueues. */
  work?: boolean;
  /** How often an idle runner looks for jobs it was not woken for (scheduled, retried). */
  pollSeconds?: number;
  /** How often (across all instances) leases past their end are taken back and old jobs archived. */
  maintenanceSeconds?: number;
  /** How often (across all instances) cron schedules are checked. */
  cronSeconds?: number;
  /** On stop, how long running jobs may take before they are released for another instance. */
  graceMs?: number;
  /**
   * An instance whose last heartbeat is older than this (by the database's clock) is gone: its
   * runs are taken back and retried elsewhere, whatever their lease.
   */
  goneSeconds?: number;
  /** How often (in each instance, one acting at a time) runs of gone instances are looked for. */
  sweepSeconds?: number;
}

/** The error (and run outcome) of a run taken back from a gone instance; the jobs page words it. */
export const INSTANCE_GONE = 'instance gone';
/** The sweep's advisory lock (one sweeper acts at a time; the others skip that round). */
const SWEEP_LOCK = 7_310_551;
/** Ended runs and gone instances are kept this long for the jobs page (pg-boss keeps jobs a week, then a week archived). */
const RUNS_KEPT_DAYS = 15;
const GONE_INSTANCES_KEPT_DAYS = 1;

/** What the data column of a job holds: the payload and who caused it. */
interface JobData {
  payload: unknown;
  cause: JobCause;
}

const scheduledCause: JobCause = { actorId: null, actor: null, action: SCHEDULED_JOB_ACTION, target: null };

interface Held {
  name: string;
  id: string;
  /** The attempt's fence: pg-boss counts retries on each fetch, so a taken-over job has moved on. */
  fence: number;
  abort: AbortController;
  done: Promise<void>;
  /** The instance ID it was taken under: runs of an ID declared gone are no longer ours. */
  instance: string;
}

/** How a run ended, in `job_runs.outcome`. */
type RunOutcome = 'completed' | 'failed' | 'cancelled' | 'released' | 'gone' | 'lost';

/** pg-boss's fail command, limited to this attempt (its own fails any unfinished job by ID). */
const failThisAttempt = (() => {
  const text = plans.failJobsById(JOB_SCHEMA);
  const guard = `state < '${plans.JOB_STATES.completed}'`;
  if (!text.includes(guard)) throw new Error('platform/jobs: pg-boss fail command changed; check failThisAttempt');
  return text.replace(guard, `state = '${plans.JOB_STATES.active}' AND retry_count = $4`);
})();
const insertJobCommand = plans.insertJob(JOB_SCHEMA);

/**
 * pg-boss's fetch, skipping the jobs of a stately queue whose key already has a running job. Its
 * own fetch tries them, fails on the unique index (one active per key) and swallows the error, so
 * a queue behind a dead run logged a duplicate-key error in the database every poll and nothing
 * in ours. We run the statement ourselves: any error it still raises reaches our log.
 */
const fetchCommand = (() => {
  const text = plans.fetchNextJob(JOB_SCHEMA)({ includeMetadata: true });
  const guard = `AND state < '${plans.JOB_STATES.active}'`;
  if (text.split(guard).length !== 2)
    throw new Error('platform/jobs: pg-boss fetch command changed; check fetchCommand');
  return text.replace(
    guard,
    `${guard}
        AND NOT (policy = 'stately' AND EXISTS (
          SELECT 1 FROM ${JOB_SCHEMA}.job busy
          WHERE busy.name = $1 AND busy.state = '${plans.JOB_STATES.active}' AND busy.policy = 'stately'
            AND COALESCE(busy.singleton_key, '') = COALESCE(${JOB_SCHEMA}.job.singleton_key, '')))`,
  );
})();

/** A stately queue admits one waiting retry per key: a taken-back run whose key already has one fails instead. */
const statelyRetryTaken = sql.raw(
  `(j.policy = 'stately' and exists (select 1 from ${JOB_SCHEMA}.job k where k.name = j.name and k.state = 'retry' and k.policy = 'stately' and coalesce(k.singleton_key, '') = coalesce(j.singleton_key, '')))`,
);

/** Thrown inside the fetch's transaction when this instance's row says it is gone: nothing is taken. */
class DeclaredGone extends Error {}

/** A pg-boss job row as the fetch answers it (includeMetadata). */
interface FetchedJob {
  id: string;
  name: string;
  data: Partial<JobData> | null;
  retryCount: number;
}

const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;

/**
 * The jobs of one process over the shared database (pg-boss 10 through our executor). Declared
 * jobs are registered before `start()`; `enqueue(db, job, payload, cause)` writes a job in the
 * caller's transaction. The runner takes jobs with pg-boss's fetch (FOR UPDATE SKIP LOCKED: one
 * instance per job), runs each under a fence (its retry count), completes or fails it only if it
 * is still this attempt's, and on stop waits for the grace time, then releases what still runs.
 */
export class JobQueue {
  readonly boss: PgBoss;
  private readonly defs = new Map<string, JobDefinition>();
  private readonly held = new Map<string, Held>();
  private readonly perName = new Map<string, number>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly opts: Required<JobQueueOptions>;
  private started = false;
  private stopping = false;
  /** Abandoned (`abandon()`): finishes nothing, as if the process had died. */
  private dead = false;
  private loop?: Promise<void>;
  private wakeUp?: () => void;
  private woken = false;
  private unlisten?: () => Promise<void>;
  /** Failed runs per job name in this process (retries included), for /metrics. */
  readonly failedRuns = new Map<string, number>();
  /** This process's row in `instances` (a new one after it was declared gone). */
  instanceId = '';
  /** Runs this instance's sweeps took back from gone instances (tests, logs). */
  takenBack = 0;
  private beating = false;
  private heartbeatTimer?: NodeJS.Timeout;
  private sweeping = false;
  private lastCleanup = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
    opts: JobQueueOptions = {},
  ) {
    this.opts = {
      work: opts.work ?? true,
      pollSeconds: opts.pollSeconds ?? 2,
      maintenanceSeconds: opts.maintenanceSeconds ?? 30,
      cronSeconds: opts.cronSeconds ?? 30,
      graceMs: opts.graceMs ?? 8_000,
      goneSeconds: opts.goneSeconds ?? 30,
      sweepSeconds: opts.sweepSeconds ?? 5,
    };
    this.boss = new PgBoss({
      db: executorOf(database.db),
      schema: JOB_SCHEMA,
      supervise: this.opts.work,
      schedule: this.opts.work,
      maintenanceIntervalSeconds: this.opts.maintenanceSeconds,
      cronMonitorIntervalSeconds: this.opts.cronSeconds,
      cronWorkerIntervalSeconds: Math.min(this.opts.cronSeconds, 5),
      // Finished jobs stay in the live table an hour, failed ones a week (the jobs page reads both
      // tables); the archive keeps them another week.
      archiveCompletedAfterSeconds: 3600,
      archiveFailedAfterSeconds: 7 * 86_400,
      deleteAfterDays: 7,
    });
    // pg-boss's maintenance, timekeeper and monitor errors (its fetch's are ours, see fetchCommand).
    this.boss.on('error', (err: unknown) => this.log.warn({ err: loggableError(err) }, 'job queue error (pg-boss)'));
  }

  /** Declare a job this process knows (and runs). Before `start()`. */
  register(def: JobDefinition): void {
    if (this.started) throw new Error(`job ${def.name} registered after the queue started`);
    if (this.defs.has(def.name)) throw new Error(`job ${def.name} declared twice`);
    this.defs.set(def.name, def as JobDefinition);
  }

  definition(name: string): JobDefinition | undefined {
    return this.defs.get(name);
  }

  get names(): JobName[] {
    return [...this.defs.keys()] as JobName[];
  }

  /**
   * Install pg-boss's tables (or migrate them), create the queues, the schedules, and start the
   * runner. A database that cannot be reached does not stop the app: it tries again in 5 s.
   */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    try {
      await this.begin();
    } catch (err) {
      if (this.stopping) return;
      this.log.warn({ err }, 'job queue could not start; trying again in 5 s');
      this.started = false;
      const retry = setTimeout(() => void this.start(), 5_000);
      retry.unref();
      this.timers.push(retry);
    }
  }

  private async begin(): Promise<void> {
    await this.boss.start();
    for (const def of this.defs.values()) {
      await this.boss.createQueue(def.name, {
        name: def.name,
        // One waiting and one running per singleton key.
        policy: def.singletonKey || def.schedule ? 'stately' : 'standard',
        retryLimit: def.retry.limit,
        retryDelay: def.retry.delaySeconds,
        retryBackoff: def.retry.backoff,
        expireInSeconds: def.leaseSeconds,
      });
    }
    if (!this.opts.work) return;
    await this.announce();
    // The heartbeat goes on through the grace time of a stop (its own timer, cleared last).
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), this.heartbeatMs);
    this.heartbeatTimer.unref();
    this.every(this.opts.sweepSeconds * 1000, () => this.sweep());
    for (const def of this.defs.values()) {
      const schedule = def.schedule;
      if (!schedule) continue;
      if ('cron' in schedule) {
        await this.boss.schedule(def.name, schedule.cron, { payload: {}, cause: scheduledCause } satisfies JobData, {
          ...this.sendOptions(def),
          singletonKey: 'schedule',
          tz: 'UTC',
        });
      } else {
        const tick = () => void this.tick(def, schedule.everySeconds);
        const timer = setInterval(tick, schedule.everySeconds * 1000);
        timer.unref();
        this.timers.push(timer);
      }
    }
    this.unlisten = await this.database.listen(WAKE_CHANNEL, () => this.wake());
    this.loop = this.run();
  }

  /** A heartbeat every 5 s, or more often when the gone threshold is short (tests): at least four per threshold. */
  private get heartbeatMs(): number {
    return Math.min(5_000, (this.opts.goneSeconds * 1000) / 4);
  }

  private every(ms: number, fn: () => Promise<unknown>): void {
    const timer = setInterval(() => void fn(), ms);
    timer.unref();
    this.timers.push(timer);
  }

  /**
   * Announce this process: a row in `instances` under a fresh ID. Its times are the database's
   * `now()`, as every liveness comparison is made there: instances whose clocks disagree still
   * agree on who is gone.
   */
  private async announce(): Promise<void> {
    const id = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    await this.database.db.execute(sql`
      insert into instances (id, host, pid, started_at, last_seen_at) values (${id}, ${os.hostname()}, ${process.pid}, now(), now())`);
    this.instanceId = id;
  }

  /**
   * Refresh this instance's heartbeat. When its row says gone (a sweep took its runs back while
   * it was away: paused, cut off from the database), the runs it still holds are another
   * instance's now: they are told to stop and never complete (their fence moved on), and the
   * process registers again under a new ID before it takes any job.
   */
  private async heartbeat(): Promise<void> {
    if (this.beating || this.dead) return;
    this.beating = true;
    const id = this.instanceId;
    try {
      const rows = rowsOf(
        await this.database.db.execute(sql`
          update instances set last_seen_at = now() where id = ${id} and gone_at is null returning 1`),
      );
      // (The runner's fetch may have found it first and registered again already.)
      if (rows.length === 0 && this.instanceId === id) await this.declaredGone();
    } catch (err) {
      if (!this.stopping) this.log.warn({ err: loggableError(err) }, 'instance heartbeat failed');
    } finally {
      this.beating = false;
    }
  }

  private async declaredGone(): Promise<void> {
    const old = this.instanceId;
    const stopped = [...this.held.values()].filter((h) => h.instance === old);
    for (const h of stopped) h.abort.abort();
    this.log.warn(
      { instance: old, runs: stopped.map((h) => `${h.name}:${h.id}`) },
      'this instance was declared gone: its runs were taken back and stop here; registering again',
    );
    await this.announce();
    this.wake();
  }

  /**
   * Take back the runs of gone instances. Any instance sweeps; the advisory lock lets one act at
   * a time, and every change is conditional (an instance is marked gone once, a job moves only
   * while it is still that run's), so two sweeps could not take a run twice anyway.
   *
   * An instance is gone when its heartbeat is older than `goneSeconds` by the database's clock.
   * Its active runs move back to `retry`, due at once (the instance died, not the job: no
   * backoff), or to `failed` when the job had no attempt left; the run counts as a failed
   * attempt with the error `instance gone`. pg-boss bumps the retry count at the next fetch, so
   * the dead run's late completion or step is refused by its fence.
   */
  async sweep(): Promise<number> {
    if (this.sweeping || this.stopping || this.dead) return 0;
    this.sweeping = true;
    try {
      const taken = await this.database.db.transaction(async (tx) => {
        const [lock] = rowsOf<{ ok: boolean }>(
          await tx.execute(sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK}) as ok`),
        );
        if (!lock.ok) return [];
        const gone = rowsOf<{ id: string }>(
          await tx.execute(sql`
            update instances set gone_at = now()
            where gone_at is null and last_seen_at < now() - make_interval(secs => ${this.opts.goneSeconds})
            returning id`),
        );
        const moved = rowsOf<{ id: string; name: string; state: string; instance_id: string }>(
          await tx.execute(sql`
            with lost as (
              select r.job_id, r.fence, r.instance_id from job_runs r
              where r.ended_at is null
                and not exists (select 1 from instances i where i.id = r.instance_id and i.gone_at is null)
            ),
            taken as (
              update ${sql.raw(JOB_SCHEMA)}.job j set
                state = (case when j.retry_count < j.retry_limit and not ${statelyRetryTaken} then 'retry' else 'failed' end)::${sql.raw(JOB_SCHEMA)}.job_state,
                start_after = case when j.retry_count < j.retry_limit and not ${statelyRetryTaken} then now() else j.start_after end,
                completed_on = case when j.retry_count < j.retry_limit and not ${statelyRetryTaken} then null else now() end,
                output = jsonb_build_object('message', ${INSTANCE_GONE}::text, 'progress', j.output -> 'progress')
              from lost where j.id = lost.job_id and j.state = 'active' and j.retry_count = lost.fence
              returning j.id, j.name, j.state::text as state, lost.instance_id
            ),
            ended as (
              update job_runs r set ended_at = now(), outcome = 'gone', error = ${INSTANCE_GONE}
              from lost where r.job_id = lost.job_id and r.fence = lost.fence
              returning 1
            )
            select id, name, state, instance_id from taken`),
        );
        if (moved.length) await tx.execute(sql`select pg_notify(${WAKE_CHANNEL}, 'taken back')`);
        // Open runs whose job moved on without them (pg-boss's lease check took it, or it was
        // cancelled while its instance was away): closed, so the jobs page does not show them running.
        await tx.execute(sql`
          update job_runs r set ended_at = now(), outcome = 'lost'
          where r.ended_at is null and r.started_at < now() - make_interval(secs => ${this.opts.goneSeconds})
            and not exists (select 1 from ${sql.raw(JOB_SCHEMA)}.job j
              where j.id = r.job_id and j.state = 'active' and j.retry_count = r.fence)`);
        if (performance.now() - this.lastCleanup > 3_600_000) {
          this.lastCleanup = performance.now();
          await tx.execute(sql`delete from job_runs where ended_at < now() - make_interval(days => ${RUNS_KEPT_DAYS})`);
          await tx.execute(
            sql`delete from instances where gone_at < now() - make_interval(days => ${GONE_INSTANCES_KEPT_DAYS})`,
          );
        }
        if (gone.length || moved.length) {
          this.log.warn(
            { gone: gone.map((g) => g.id), jobs: moved.map((m) => `${m.name}:${m.id} → ${m.state}`) },
            'instances gone: their runs were taken back',
          );
        }
        return moved;
      });
      this.takenBack += taken.length;
      return taken.length;
    } catch (err) {
      if (!this.stopping) this.log.warn({ err: loggableError(err) }, 'sweeping for gone instances failed');
      return 0;
    } finally {
      this.sweeping = false;
    }
  }

  /** One job per `seconds`-long slot across all instances: the slot is part of a unique key. */
  private async tick(def: JobDefinition, seconds: number): Promise<void> {
    if (this.stopping) return;
    try {
      await this.boss.send(def.name, { payload: {}, cause: scheduledCause } satisfies JobData, {
        ...this.sendOptions(def),
        singletonKey: 'schedule',
        singletonSeconds: seconds,
      });
      this.wake();
    } catch (err) {
      this.log.warn({ err, job: def.name }, 'scheduling a job failed');
    }
  }

  private sendOptions(def: JobDefinition) {
    return {
      retryLimit: def.retry.limit,
      retryDelay: def.retry.delaySeconds,
      retryBackoff: def.retry.backoff,
      expireInSeconds: def.leaseSeconds,
    };
  }

  /**
   * Write a job with `db`, the caller's transaction: it exists exactly when the caller's writes
   * commit, and every instance's runner wakes then. Answers the job's ID, or null when a job
   * with the same singleton key is already waiting.
   */
  async enqueue<D extends JobDefinition>(
    db: Db,
    def: D,
    payload: D extends JobDefinition<infer S> ? import('zod').input<S> : never,
    cause: JobCause,
    opts: { startAfterSeconds?: number } = {},
  ): Promise<string | null> {
    const parsed = def.payload.parse(payload);
    const data: JobData = { payload: parsed, cause };
    const values = [
      null, // id
      def.name,
      data,
      0, // priority
      opts.startAfterSeconds ? String(opts.startAfterSeconds) : null,
      def.singletonKey ? def.singletonKey(parsed) : null,
      null, // singleton seconds
      0, // singleton offset
      null, // dead letter
      def.leaseSeconds,
      null,
      null, // keep until
      null,
      def.retry.limit,
      null,
      def.retry.delaySeconds,
      null,
      def.retry.backoff,
      null,
    ];
    const { rows } = await executorOf(db).executeSql(insertJobCommand, values);
    await db.execute(sql`select pg_notify(${WAKE_CHANNEL}, ${def.name})`);
    return rows.length === 1 ? (rows[0] as { id: string }).id : null;
  }

  private wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  private sleep(ms: number): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = undefined;
        this.woken = false;
        done();
      };
    });
  }

  private async run(): Promise<void> {
    const names = [...this.defs.keys()];
    while (!this.stopping) {
      this.woken = false;
      try {
        const ready = rowsOf<{ name: string }>(
          await this.database.db.execute(sql`
            select distinct name from ${sql.raw(JOB_SCHEMA)}.job
            where name = any(${sql.param(names)}::text[]) and state < 'active' and start_after < now()`),
        );
        for (const { name } of ready) await this.fill(name);
      } catch (err) {
        if (!this.stopping) this.log.warn({ err: loggableError(err) }, 'job runner could not fetch');
      }
      if (this.stopping) break;
      await this.sleep(this.opts.pollSeconds * 1000);
    }
  }

  private async fill(name: string): Promise<void> {
    const def = this.defs.get(name);
    if (!def || this.stopping) return;
    const free = def.concurrency - (this.perName.get(name) ?? 0);
    if (free <= 0) return;
    const instance = this.instanceId;
    let jobs: FetchedJob[];
    try {
      // The fetch, the heartbeat and the runs' rows commit together: a job is active only with a
      // run naming a live instance, and an instance declared gone takes nothing (its row is
      // locked by the sweep that marks it, so the two cannot cross).
      jobs = await this.database.db.transaction(async (tx) => {
        const alive = rowsOf(
          await tx.execute(sql`
            update instances set last_seen_at = now() where id = ${instance} and gone_at is null returning 1`),
        );
        if (alive.length === 0) throw new DeclaredGone();
        const { rows } = await executorOf(tx).executeSql(fetchCommand, [name, free]);
        const fetched = rows as FetchedJob[];
        if (fetched.length) {
          await tx.execute(sql`
            insert into job_runs (job_id, fence, name, instance_id, started_at, reported_at)
            select id, fence, ${name}, ${instance}, now(), now()
            from unnest(${sql.param(fetched.map((j) => j.id))}::uuid[], ${sql.param(fetched.map((j) => j.retryCount))}::int[]) as f(id, fence)`);
        }
        return fetched;
      });
    } catch (err) {
      if (!(err instanceof DeclaredGone)) throw err;
      if (this.instanceId === instance) await this.declaredGone();
      return;
    }
    for (const job of jobs) this.take(def, job, instance);
  }

  private take(def: JobDefinition, job: FetchedJob, instance: string): void {
    const abort = new AbortController();
    this.perName.set(def.name, (this.perName.get(def.name) ?? 0) + 1);
    const held: Held = {
      name: def.name,
      id: job.id,
      fence: Number(job.retryCount),
      abort,
      done: Promise.resolve(),
      instance,
    };
    this.held.set(job.id, held);
    held.done = this.execute(def, job, held).finally(() => {
      this.held.delete(job.id);
      this.perName.set(def.name, (this.perName.get(def.name) ?? 1) - 1);
      this.wake();
    });
  }

  private async execute(def: JobDefinition, job: FetchedJob, held: Held) {
    const cause = job.data?.cause ?? scheduledCause;
    const parsed = def.payload.safeParse(job.data?.payload);
    let progress: { done: number; total: number } | null = null;
    let completed = false;
    // Past its lease another instance may take the job: this run is told to stop then.
    const lease = setTimeout(() => held.abort.abort(), def.leaseSeconds * 1000);
    const base = this.database.db;
    const job_ = sql.raw(`${JOB_SCHEMA}.job`);
    /** Lock the job's row in `tx` while it is still this attempt's (a sweep or a cancel waits for the step). */
    const stillOurs = async (tx: Db) =>
      rowsOf(
        await tx.execute(sql`
          select 1 from ${job_} where name = ${def.name} and id = ${job.id} and state = 'active' and retry_count = ${held.fence}
          for update`),
      ).length === 1;
    const ctx: JobContext<unknown> = {
      payload: parsed.success ? parsed.data : undefined,
      cause,
      id: job.id,
      attempt: held.fence + 1,
      db: base,
      clock: this.clock,
      signal: held.abort.signal,
      progress: async (done, total) => {
        if (held.abort.signal.aborted) throw new JobStopped('stopping');
        progress = { done, total };
        const rows = rowsOf(
          await base.execute(sql`
            with p as (
              update ${job_} set output = ${JSON.stringify({ progress })}::jsonb
              where name = ${def.name} and id = ${job.id} and state = 'active' and retry_count = ${held.fence}
              returning 1),
            r as (update job_runs set reported_at = now() where job_id = ${job.id} and fence = ${held.fence} and exists (select 1 from p))
            select 1 from p`),
        );
        if (rows.length === 0) {
          held.abort.abort();
          throw new JobStopped('cancelled');
        }
      },
      step: (fn) =>
        base.transaction(async (tx) => {
          if (held.abort.signal.aborted || this.dead) throw new JobStopped('stopping');
          if (!(await stillOurs(tx))) {
            held.abort.abort();
            throw new JobStopped('lost');
          }
          return fn(tx);
        }),
      transaction: (fn) =>
        base.transaction(async (tx) => {
          const result = await fn(tx);
          if (this.dead) throw new JobStopped('lost');
          if (!(await this.complete(tx, def.name, job.id, held.fence, result, progress))) throw new JobStopped('lost');
          completed = true;
          return result;
        }),
      audit: (db, entries) =>
        writeAudit(db, entries, { actorId: cause.actorId, actor: cause.actor, ip: cause.ip ?? null }, this.clock.now()),
    };
    try {
      if (!parsed.success) throw new Error(`payload does not match ${def.name}: ${parsed.error.message}`);
      const result = await def.handler(ctx);
      if (this.dead) return;
      if (!completed && !(await this.complete(base, def.name, job.id, held.fence, result, progress))) {
        await this.endRun(held, 'lost');
      }
    } catch (err) {
      if (this.dead) return;
      // Cancelled, taken over or released: someone else decided what the job's row says.
      if (err instanceof JobStopped || held.abort.signal.aborted) {
        await this.endRun(held, err instanceof JobStopped && err.message === 'job cancelled' ? 'cancelled' : 'lost');
        return;
      }
      this.failedRuns.set(def.name, (this.failedRuns.get(def.name) ?? 0) + 1);
      // A failed query's own message, never drizzle's wrapper with the SQL and its parameters
      // (a player's data, a hash): the jobs page and the log show it.
      const message = err instanceof Error ? loggableError(err).message : String(err);
      try {
        await base.transaction(async (tx) => {
          await executorOf(tx).executeSql(failThisAttempt, [def.name, [job.id], { message, progress }, held.fence]);
          await this.endRun(held, 'failed', message, tx);
        });
      } catch (failErr) {
        // The lease ends (or the sweep finds this instance gone) and another instance runs it again.
        this.log.warn({ err: loggableError(failErr), job: def.name }, 'could not record a job failure');
      }
      this.log.warn({ job: def.name, id: job.id, attempt: held.fence + 1, error: message }, 'job failed');
    } finally {
      clearTimeout(lease);
    }
  }

  /**
   * Close this attempt's run row, once (a sweep may have closed it as gone already), and only
   * when the job is no longer active under this attempt: a run that stopped here while its job
   * still says it runs (this instance declared gone, its lease past) stays open, so the sweep or
   * pg-boss's lease check still finds it and takes the job back.
   */
  private async endRun(held: Held, outcome: RunOutcome, error: string | null = null, db: Db = this.database.db) {
    await db
      .execute(sql`
        update job_runs set ended_at = now(), outcome = ${outcome}, error = ${error}
        where job_id = ${held.id} and fence = ${held.fence} and ended_at is null
          and not exists (select 1 from ${sql.raw(JOB_SCHEMA)}.job j
            where j.id = ${held.id} and j.state = 'active' and j.retry_count = ${held.fence})`)
      .catch((err: unknown) => this.log.warn({ err: loggableError(err), job: held.name }, 'could not close a job run'));
  }

  /** Complete this attempt of a job with `db` (a transaction or the database): false if it is not ours any more. */
  private async complete(
    db: Db,
    name: string,
    id: string,
    fence: number,
    result: unknown,
    progress: { done: number; total: number } | null,
  ): Promise<boolean> {
    const output = JSON.stringify({ progress, result: result === undefined ? null : result });
    const rows = rowsOf(
      await db.execute(sql`
        with c as (
          update ${sql.raw(JOB_SCHEMA)}.job set state = 'completed', completed_on = now(), output = ${output}::jsonb
          where name = ${name} and id = ${id} and state = 'active' and retry_count = ${fence}
          returning 1),
        r as (
          update job_runs set ended_at = now(), outcome = 'completed'
          where job_id = ${id} and fence = ${fence} and ended_at is null and exists (select 1 from c))
        select 1 from c`),
    );
    return rows.length === 1;
  }

  /**
   * `/metrics`: queue depth, the oldest waiting job's age and failed jobs per name, read from
   * the shared tables at each scrape (the same figures on every instance), and this process's
   * failed runs.
   */
  installMetrics(registry: Registry): void {
    const gauge = (name: string, help: string, collect: (g: Gauge<'job'>) => void | Promise<void>) => {
      const g: Gauge<'job'> = new Gauge({
        name,
        help,
        labelNames: ['job'],
        registers: [registry],
        collect: () => collect(g),
      });
      return g;
    };
    // The three shared gauges come from one query per scrape (prom-client collects them at once).
    let pending: Promise<Awaited<ReturnType<JobQueue['stats']>>> | undefined;
    const load = () => {
      pending ??= this.stats()
        .catch(() => [])
        .finally(() => {
          pending = undefined;
        });
      return pending;
    };
    const shared = (name: string, help: string, pick: (r: Awaited<ReturnType<JobQueue['stats']>>[number]) => number) =>
      gauge(name, help, async (g) => {
        const rows = await load();
        g.reset();
        for (const r of rows) g.set({ job: r.name }, pick(r));
      });
    shared('rookery_job_queue_depth', 'Jobs waiting to run, by job', (r) => r.depth);
    shared('rookery_job_oldest_waiting_seconds', 'Age of the oldest job due and waiting, by job', (r) => r.oldest);
    shared('rookery_job_failed', 'Jobs that gave up after their retries (kept a week), by job', (r) => r.failed);
    gauge('rookery_job_failed_runs', 'Failed runs in this process since it started (retries included), by job', (g) => {
      g.reset();
      for (const name of this.names) g.set({ job: name }, this.failedRuns.get(name) ?? 0);
    });
  }

  async stats(): Promise<{ name: string; depth: number; oldest: number; failed: number }[]> {
    const rows = rowsOf<{ name: string; depth: number; oldest: number | null; failed: number }>(
      await this.database.db.execute(sql`
        select n.name,
          count(j.id) filter (where j.state < 'active')::int as depth,
          coalesce(extract(epoch from now() - min(j.created_on) filter (where j.state < 'active' and j.start_after <= now())), 0)::float8 as oldest,
          count(j.id) filter (where j.state = 'failed')::int as failed
        from unnest(${sql.param(this.names)}::text[]) as n(name)
        left join ${sql.raw(JOB_SCHEMA)}.job j on j.name = n.name
        group by n.name`),
    );
    return rows.map((r) => ({ ...r, depth: Number(r.depth), oldest: Number(r.oldest ?? 0), failed: Number(r.failed) }));
  }

  /**
   * Of `keys` (singleton keys of the job `name`), those with a job waiting or running: what a
   * subject's screen needs to know (a batch whose generation stopped short has none).
   */
  async pendingKeys(db: Db, name: JobName, keys: string[]): Promise<Set<string>> {
    const rows = rowsOf<{ key: string }>(
      await db.execute(sql`
        select distinct singleton_key as key from ${sql.raw(JOB_SCHEMA)}.job
        where name = ${name} and singleton_key = any(${sql.param(keys)}::text[]) and state < 'completed'`),
    );
    return new Set(rows.map((r) => r.key));
  }

  /** The gone threshold: the jobs page calls an instance gone by the same rule as the sweep. */
  get goneSeconds(): number {
    return this.opts.goneSeconds;
  }

  /** Jobs this process is running now. */
  get running(): number {
    return this.held.size;
  }

  /**
   * Stop taking jobs, let the running ones finish within the grace time, release the rest for
   * another instance (no attempt counted), and stop pg-boss's timers. The database stays open.
   */
  async stop(graceMs = this.opts.graceMs): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    for (const timer of this.timers) clearInterval(timer);
    if (!this.loop) {
      clearInterval(this.heartbeatTimer);
      return;
    }
    this.wake();
    await this.loop;
    const all = [...this.held.values()];
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled(all.map((h) => h.done)),
      new Promise((resolve) => {
        timer = setTimeout(resolve, graceMs);
      }),
    ]);
    clearTimeout(timer);
    for (const h of [...this.held.values()]) {
      h.abort.abort();
      await this.database.db
        .execute(sql`
          with j as (
            update ${sql.raw(JOB_SCHEMA)}.job set state = 'retry', start_after = now(), retry_limit = retry_limit + 1
            where name = ${h.name} and id = ${h.id} and state = 'active' and retry_count = ${h.fence}
            returning 1)
          update job_runs set ended_at = now(), outcome = 'released'
          where job_id = ${h.id} and fence = ${h.fence} and ended_at is null and exists (select 1 from j)`)
        .catch((err: unknown) => this.log.warn({ err: loggableError(err), job: h.name }, 'could not release a job'));
    }
    clearInterval(this.heartbeatTimer);
    // Leaving: this instance is gone at once (no sweep needs to wait for its heartbeat to age).
    await this.database.db
      .execute(sql`update instances set gone_at = now() where id = ${this.instanceId} and gone_at is null`)
      .catch(() => {});
    await this.unlisten?.().catch(() => {});
    await this.boss.stop({ graceful: false, close: false });
  }

  /**
   * Stop this process's runner as a killed process would: nothing finishes, nothing is
   * released, no heartbeat; its jobs stay active until a sweep finds the instance gone (or their
   * lease ends). For tests of the take-over.
   */
  async abandon(): Promise<void> {
    this.stopping = true;
    this.dead = true;
    for (const timer of this.timers) clearInterval(timer);
    clearInterval(this.heartbeatTimer);
    this.wake();
    await this.loop;
    for (const h of this.held.values()) h.abort.abort();
    await this.unlisten?.().catch(() => {});
    await this.boss.stop({ graceful: false, close: false });
  }
}
