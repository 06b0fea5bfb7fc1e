import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { at } from '../db/columns.js';

/**
 * The server processes sharing the database: each writes its row at start and refreshes
 * `last_seen_at` every few seconds (the heartbeat). One whose heartbeat is older than the gone
 * threshold is marked `gone_at` by a sweep, and its runs are taken back. Times here are the
 * database's clock (`now()` in SQL), not the service clock: liveness compares the times of
 * different processes, whose own clocks may disagree (see decisions).
 */
export const instances = pgTable(
  'instances',
  {
    /** host:pid:random — a process that finds itself declared gone registers again under a new one. */
    id: text().primaryKey(),
    host: text().notNull(),
    pid: integer().notNull(),
    startedAt: at().notNull(),
    lastSeenAt: at().notNull(),
    /** Set once, by the sweep that declared it gone; its heartbeats are refused from then on. */
    goneAt: at(),
  },
  (t) => [index().on(t.lastSeenAt)],
);

/**
 * One row per attempt of a job (pg-boss keeps only a job's last state): which instance ran it,
 * when, how it ended. `fence` is pg-boss's retry count at the fetch (the attempt's fence); the
 * row is written in the fetch's transaction, so an active job's run always names its instance.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    jobId: uuid().notNull(),
    fence: integer().notNull(),
    name: text().notNull(),
    instanceId: text().notNull(),
    startedAt: at().notNull(),
    /** The last progress report (or the start): a run that stops reporting shows its age. */
    reportedAt: at().notNull(),
    endedAt: at(),
    /** completed | failed | cancelled | released | gone | lost (another attempt finished it). */
    outcome: text(),
    error: text(),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.fence] }),
    // The sweep reads the open runs only.
    index('job_runs_open_idx').on(t.instanceId).where(sql`${t.endedAt} is null`),
    index().on(t.endedAt),
  ],
);
