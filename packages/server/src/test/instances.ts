/**
 * Child instances for the kill -9 tests (issue 48's `src/takeover.test.ts`, issue 44's push
 * delivery `src/modules/push/takeover.test.ts`): real Rookery processes (`instance-child.ts`, the
 * app's own areas plus the test jobs) on the test's PostgreSQL database, with the production
 * take-over settings (gone after 30 s without a heartbeat, a sweep every 5 s), and what the tests
 * read of their jobs.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestContext } from './harness.js';

const child = path.join(import.meta.dirname, 'instance-child.ts');

/** The bound: a run taken back and running again on another instance within 60 s of the kill. */
export const TAKEOVER_LIMIT_MS = 60_000;

export interface Instance {
  proc: ChildProcess;
  /** Its job runner's instance ID (`job_runs.instance_id`). */
  instance: string;
  /** What it printed so far (stdout and stderr). */
  output: () => string;
}

/** Starts child instances on a test's database and kills what is left of them at the end. */
export class Instances {
  private readonly children: ChildProcess[] = [];

  constructor(private readonly ctx: () => TestContext) {}

  /** Start an instance as a child process; resolves once its job runner has announced itself. */
  start(name: string): Promise<Instance> {
    const databaseUrl = this.ctx().databaseUrl;
    const proc = spawn(process.execPath, ['--import', 'tsx', child], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: {
        ...process.env,
        TAKEOVER_DATABASE_URL: databaseUrl,
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'warn',
        ROOKERY_INSTANCE_GONE_SECONDS: '30',
        ROOKERY_JOB_SWEEP_SECONDS: '5',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.children.push(proc);
    let output = '';
    return new Promise((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk;
        const ready = /READY (\S+)/.exec(output);
        if (ready) resolve({ proc, instance: ready[1], output: () => output });
      };
      proc.stdout?.on('data', onData);
      proc.stderr?.on('data', (c) => {
        output += c;
      });
      proc.once('exit', (code) => reject(new Error(`instance ${name} exited with ${code}:\n${output}`)));
    });
  }

  /** SIGKILL every child still running. */
  killAll() {
    for (const c of this.children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  }
}

/** `kill -9` an instance; resolves once it has exited, with the moment of the kill (`performance.now()`). */
export async function killNine(instance: Instance): Promise<number> {
  const exited = new Promise<void>((resolve) => instance.proc.once('exit', () => resolve()));
  instance.proc.kill('SIGKILL');
  const killed = performance.now();
  await exited;
  return killed;
}

export const rowsOf = async <R = Record<string, unknown>>(ctx: TestContext, q: ReturnType<typeof sql>) =>
  ((await ctx.database.db.execute(q)) as unknown as { rows: R[] }).rows;

export interface JobState {
  id: string;
  state: string;
  retry_count: number;
  output: { progress?: { done: number; total: number } } | null;
}

/** A pg-boss job's state. */
export const jobStateOf = async (ctx: TestContext, id: string) =>
  (
    await rowsOf<JobState>(
      ctx,
      sql`select id, state::text as state, retry_count, output from pgboss.job where id = ${id}`,
    )
  )[0];

/** A job's attempts, in order: which instance ran each and how it ended. */
export const runsOf = (ctx: TestContext, id: string) =>
  rowsOf<{ fence: number; instance_id: string; outcome: string | null; error: string | null }>(
    ctx,
    sql`select fence, instance_id, outcome, error from job_runs where job_id = ${id} order by fence`,
  );
