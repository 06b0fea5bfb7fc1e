import { z } from 'zod';
import type { AreaJobName } from './area.js';
import { zhEn } from './bilingual.js';
import { endpoint, endpointTable } from './endpoint.js';
import { codedValues } from './enums.js';
import { isoDate, optionalIsoDate } from './fields.js';
import { pagedList, pageQuery } from './http.js';
import { lateFolds } from './late-folds.js';

/**
 * Jobs: work that outlives a request or runs at a time (server `platform/jobs`, on pg-boss).
 * Each area declares its jobs (name → label, `defineArea({ jobs })`); the server declares the
 * handler under the same name, the jobs page filters and shows by it.
 */
export type JobName = AreaJobName;

/** A job name (read when a request is checked: the names are a fold of every area's jobs). */
const jobName = z.lazy(() => z.enum(lateFolds.jobNames as [JobName, ...JobName[]]));

/** pg-boss's states, in its order (a job waits in `created` or `retry`). */
export const { codes: jobStates, labels: jobStateLabels } = codedValues({
  created: zhEn('等待中', 'Waiting'),
  retry: zhEn('等待重试', 'Waiting to retry'),
  active: zhEn('运行中', 'Running'),
  completed: zhEn('已完成', 'Completed'),
  cancelled: zhEn('已取消', 'Cancelled'),
  failed: zhEn('已失败', 'Failed'),
});
export type JobState = (typeof jobStates)[number];
/**
 * States a job can be cancelled in, and those it can be retried from: a failed job, and a
 * cancelled one (a cancelled generation can be finished later). A running job whose instance is
 * gone can be handed over (`handOverJob`).
 */
export const cancellableJobStates: readonly JobState[] = ['created', 'retry', 'active'];
export const retryableJobStates: readonly JobState[] = ['failed', 'cancelled'];

/** How one attempt (run) of a job ended; a run still going has none. */
export const { codes: jobRunOutcomes, labels: jobRunOutcomeLabels } = codedValues({
  completed: zhEn('已完成', 'Completed'),
  failed: zhEn('失败', 'Failed'),
  cancelled: zhEn('已取消', 'Cancelled'),
  released: zhEn('实例停止时交还', 'Released when its instance stopped'),
  gone: zhEn('实例失联，已收回', 'Instance gone; taken back'),
  lost: zhEn('被其他运行接手', 'Taken over by another run'),
});
export type JobRunOutcome = (typeof jobRunOutcomes)[number];

/** One attempt of a job: the instance that ran it, when, and how it ended. */
export const jobRunSchema = z.object({
  /** 1 for the first run. */
  attempt: z.number().int(),
  /** host:pid:random of the server process. */
  instance: z.string(),
  /** The instance still sends its heartbeat. */
  instanceAlive: z.boolean(),
  startedAt: isoDate,
  /** Its last progress report (its start when it reported none). */
  reportedAt: isoDate,
  endedAt: optionalIsoDate,
  outcome: z.enum(jobRunOutcomes).nullable(),
  error: z.string().nullable(),
});
export type JobRun = z.output<typeof jobRunSchema>;

/** The action of a job that a schedule started (no staff member caused it). */
export const SCHEDULED_JOB_ACTION = 'schedule';
export const scheduledJobLabel = zhEn('定时计划', 'Schedule');

const jobParams = z.object({ id: z.uuid() });

const jobCauseSchema = z.object({
  actor: z.string().nullable(),
  /** An audit action (its sentence is in the audit table) or `schedule`. */
  action: z.string(),
  target: z.string().nullable(),
});

export const jobSummarySchema = z.object({
  id: z.string(),
  name: jobName,
  state: z.enum(jobStates),
  /** Runs so far (the current one included). */
  attempts: z.number().int(),
  /** Runs it may have in all (1 + retries). */
  maxAttempts: z.number().int(),
  progress: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
  /** The last error's message, when the last run failed. */
  error: z.string().nullable(),
  /** What a completed job answered (a count, the drift a check found): shown as rows, null when none. */
  result: z.unknown().nullable(),
  cause: jobCauseSchema,
  /**
   * A running job whose run's instance no longer sends its heartbeat: it is taken back within
   * seconds, or an operator hands it over.
   */
  instanceGone: z.boolean(),
  /** A running job's last progress report (its start when it reported none). */
  reportedAt: optionalIsoDate,
  createdAt: isoDate,
  startAfter: isoDate,
  startedAt: optionalIsoDate,
  completedAt: optionalIsoDate,
});
export type JobSummary = z.output<typeof jobSummarySchema>;

export const jobEndpoints = endpointTable({
  listJobs: endpoint({
    method: 'GET',
    path: '/api/v1/system/jobs',
    summary: 'Jobs: waiting, running, done and failed, newest first',
    permission: ['jobQuery'],
    query: pageQuery.extend({
      state: z.preprocess((v) => (v === '' ? undefined : v), z.enum(jobStates).optional()),
      name: z.preprocess((v) => (v === '' ? undefined : v), jobName.optional()),
      /**
       * Routine runs (a schedule's, completed, nobody's doing) are left out unless `shown` or a job
       * is named: every 30 s a roll-up would bury the jobs an operator looks for.
       */
      routine: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['shown']).optional()),
    }),
    response: pagedList(jobSummarySchema),
  }),
  getJob: endpoint({
    method: 'GET',
    path: '/api/v1/system/jobs/:id',
    summary: 'One job with its payload',
    permission: ['jobQuery'],
    params: jobParams,
    response: jobSummarySchema.extend({
      payload: z.unknown(),
      retryDelaySeconds: z.number().int(),
      retryBackoff: z.boolean(),
      leaseSeconds: z.number(),
      /** Every attempt, first to last. */
      runs: z.array(jobRunSchema),
    }),
  }),
  retryJob: endpoint({
    method: 'POST',
    path: '/api/v1/system/jobs/:id/retry',
    summary: 'Run a failed or cancelled job once more',
    permission: ['jobEdit'],
    params: jobParams,
    auditTarget: 'job',
    response: jobSummarySchema,
    invalidates: ['listJobs', 'getJob'],
  }),
  handOverJob: endpoint({
    method: 'POST',
    path: '/api/v1/system/jobs/:id/hand-over',
    summary: 'Take a running job back from an instance that is gone, for another instance to run',
    permission: ['jobEdit'],
    params: jobParams,
    auditTarget: 'job',
    response: jobSummarySchema,
    invalidates: ['listJobs', 'getJob'],
  }),
  cancelJob: endpoint({
    method: 'POST',
    path: '/api/v1/system/jobs/:id/cancel',
    summary: 'Cancel a waiting or running job',
    permission: ['jobEdit'],
    params: jobParams,
    auditTarget: 'job',
    response: jobSummarySchema,
    invalidates: ['listJobs', 'getJob'],
  }),
});
