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
}

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
}

/** pg-boss's fail command, limited to this attempt (its own fails any unfinished job by ID). */
const failThisAttempt = (() => {
  const text = plans.failJobsById(JOB_SCHEMA);
  const guard = `state < '${plans.JOB_STATES.completed}'`;
  if (!text.includes(guard)) throw new Error('platform/jobs: pg-boss fail command changed; check failThisAttempt');
  return text.replace(guard, `state = '${plans.JOB_STATES.active}' AND retry_count = $4`);
})();
const insertJobCommand = plans.insertJob(JOB_SCHEMA);

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
    this.boss.on('error', (err: unknown) => this.log.warn({ err }, 'job queue error'));
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
        if (!this.stopping) this.log.warn({ err }, 'job runner could not fetch');
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
    const jobs = (await this.boss.fetch(name, { batchSize: free, includeMetadata: true })) as PgBoss.JobWithMetadata<
      Partial<JobData>
    >[];
    for (const job of jobs) this.take(def, job);
  }

  private take(def: JobDefinition, job: PgBoss.JobWithMetadata<Partial<JobData>>): void {
    const abort = new AbortController();
    this.perName.set(def.name, (this.perName.get(def.name) ?? 0) + 1);
    const held: Held = { name: def.name, id: job.id, fence: job.retryCount, abort, done: Promise.resolve() };
    this.held.set(job.id, held);
    held.done = this.execute(def, job, held).finally(() => {
      this.held.delete(job.id);
      this.perName.set(def.name, (this.perName.get(def.name) ?? 1) - 1);
      this.wake();
    });
  }

  private async execute(def: JobDefinition, job: PgBoss.JobWithMetadata<Partial<JobData>>, held: Held) {
    const cause = job.data?.cause ?? scheduledCause;
    const parsed = def.payload.safeParse(job.data?.payload);
    let progress: { done: number; total: number } | null = null;
    let completed = false;
    // Past its lease another instance may take the job: this run is told to stop then.
    const lease = setTimeout(() => held.abort.abort(), def.leaseSeconds * 1000);
    const base = this.database.db;
    const ctx: JobContext<unknown> = {
      payload: parsed.success ? parsed.data : undefined,
      cause,
      id: job.id,
      attempt: job.retryCount + 1,
      db: base,
      clock: this.clock,
      signal: held.abort.signal,
      progress: async (done, total) => {
        if (held.abort.signal.aborted) throw new JobStopped('stopping');
        progress = { done, total };
        const rows = rowsOf(
          await base.execute(sql`
            update ${sql.raw(JOB_SCHEMA)}.job set output = ${JSON.stringify({ progress })}::jsonb
            where name = ${def.name} and id = ${job.id} and state = 'active' and retry_count = ${held.fence}
            returning 1`),
        );
        if (rows.length === 0) {
          held.abort.abort();
          throw new JobStopped('cancelled');
        }
      },
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
      if (!completed) await this.complete(base, def.name, job.id, held.fence, result, progress);
    } catch (err) {
      // Cancelled, taken over or released: someone else decided what the row says.
      if (err instanceof JobStopped || held.abort.signal.aborted || this.dead) return;
      this.failedRuns.set(def.name, (this.failedRuns.get(def.name) ?? 0) + 1);
      // A failed query's own message, never drizzle's wrapper with the SQL and its parameters
      // (a player's data, a hash): the jobs page and the log show it.
      const message = err instanceof Error ? loggableError(err).message : String(err);
      try {
        await executorOf(base).executeSql(failThisAttempt, [def.name, [job.id], { message, progress }, held.fence]);
      } catch (failErr) {
        // The lease ends and another instance runs it again.
        this.log.warn({ err: failErr, job: def.name }, 'could not record a job failure');
      }
      this.log.warn({ job: def.name, id: job.id, attempt: job.retryCount + 1, error: message }, 'job failed');
    } finally {
      clearTimeout(lease);
    }
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
        update ${sql.raw(JOB_SCHEMA)}.job set state = 'completed', completed_on = now(), output = ${output}::jsonb
        where name = ${name} and id = ${id} and state = 'active' and retry_count = ${fence}
        returning 1`),
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
    if (!this.loop) return;
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
          update ${sql.raw(JOB_SCHEMA)}.job set state = 'retry', start_after = now(), retry_limit = retry_limit + 1
          where name = ${h.name} and id = ${h.id} and state = 'active' and retry_count = ${h.fence}`)
        .catch((err: unknown) => this.log.warn({ err, job: h.name }, 'could not release a job'));
    }
    await this.unlisten?.().catch(() => {});
    await this.boss.stop({ graceful: false, close: false });
  }

  /**
   * Stop this process's runner as a killed process would: nothing finishes, nothing is
   * released; its jobs stay active until their lease ends. For tests of the take-over.
   */
  async abandon(): Promise<void> {
    this.stopping = true;
    this.dead = true;
    for (const timer of this.timers) clearInterval(timer);
    this.wake();
    await this.loop;
    for (const h of this.held.values()) h.abort.abort();
    await this.unlisten?.().catch(() => {});
    await this.boss.stop({ graceful: false, close: false });
  }
}
