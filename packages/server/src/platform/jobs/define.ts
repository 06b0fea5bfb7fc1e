import type { JobName } from '@rookery/contracts';
import type { ZodType, z } from 'zod';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import type { AuditEntry } from '../http/audit.js';

/**
 * Who and what caused a job: the staff member (none for a schedule) and the action, with its
 * target. It travels in the job's row, the jobs page shows it, and the handler's audit rows are
 * written under it.
 */
export interface JobCause {
  actorId: number | null;
  actor: string | null;
  /** The audit action (an endpoint's name) or `schedule`. */
  action: string;
  target?: string | null;
  ip?: string | null;
}

export interface JobContext<P> {
  payload: P;
  cause: JobCause;
  id: string;
  /** 1 on the first run, 2 on the first retry… */
  attempt: number;
  /** The database (not a transaction): a long handler commits in steps. */
  db: Db;
  clock: Clock;
  /**
   * Aborted when the job is cancelled, taken back from this instance (declared gone) or this
   * instance stops past its grace time.
   */
  signal: AbortSignal;
  /**
   * Record how far the job is (`done` of `total`); the jobs page shows it as a progress bar.
   * Throws `JobStopped` when the job was cancelled or is no longer this instance's.
   */
  progress(done: number, total: number): Promise<void>;
  /**
   * Run `fn` as one committed step of a long job, in a transaction that holds the job's row
   * while the run is still this attempt's: a step of a run that was taken back (its instance
   * declared gone, its lease past) or cancelled never commits — it throws `JobStopped` instead —
   * so the effects of two attempts never interleave.
   */
  step<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * Run `fn` in one transaction that also completes the job: its effect commits exactly when the
   * job completes, and not at all when the job was taken over, so it happens once even when an
   * instance dies between the two.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /** Audit rows under the job's cause, written with `db` (the handler's transaction). */
  audit(db: Db, entries: (AuditEntry & { action: string })[]): Promise<void>;
}

export interface RetryPolicy {
  /** Retries after the first attempt fails. */
  limit: number;
  /** Seconds before a retry; with `backoff` the n-th retry waits about delay·2ⁿ⁻¹ to delay·2ⁿ. */
  delaySeconds: number;
  backoff: boolean;
}

export interface JobDefinition<S extends ZodType = ZodType> {
  /** The catalogue's name (contracts `jobCatalogue`): the queue, and the label on the jobs page. */
  name: JobName;
  payload: S;
  handler: (ctx: JobContext<z.output<S>>) => Promise<unknown>;
  retry: RetryPolicy;
  /** Jobs of this name one instance runs at once. */
  concurrency: number;
  /** How long a run may hold the job before another instance takes it over (the lease). */
  leaseSeconds: number;
  /** At most one waiting and one running job per key (e.g. one rollup at a time). */
  singletonKey?: (payload: z.output<S>) => string;
  /**
   * Runs by itself: `cron` (UTC, minute resolution) on one instance per tick, or `everySeconds`:
   * one job per interval across every instance (an interval slot is claimed by a unique key).
   */
  schedule?: { cron: string } | { everySeconds: number };
}

/** Declare a job once: its name, payload schema, handler, retry policy, concurrency, singleton key. */
export function defineJob<S extends ZodType>(def: JobDefinition<S>): JobDefinition<S> {
  return def;
}

/** Thrown inside a handler (by `progress`, `transaction`) when the job stopped being this run's. */
export class JobStopped extends Error {
  constructor(reason: 'cancelled' | 'lost' | 'stopping') {
    super(`job ${reason}`);
    this.name = 'JobStopped';
  }
}
