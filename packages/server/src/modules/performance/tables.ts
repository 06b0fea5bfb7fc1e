import { bigserial, index, integer, jsonb, pgTable, real, text } from 'drizzle-orm/pg-core';
import { at } from '../../platform/db/columns.js';

/** One report of one server instance (every few seconds): the performance page's live figures. */
export const serverMetrics = pgTable(
  'server_metrics',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** The instance: host name and process ID, fixed for the process's life. */
    instance: text().notNull(),
    at: at().notNull(),
    /** Requests per second over the report's interval. */
    rps: real().notNull(),
    p50Ms: real().notNull(),
    p95Ms: real().notNull(),
    p99Ms: real().notNull(),
    /** Share of answers ≥ 500 over the interval (0–1). */
    errorRate: real().notNull(),
    /** Event-loop delay p99 over the interval. */
    eventLoopP99Ms: real().notNull(),
    heapUsedBytes: real().notNull(),
    rssBytes: real().notNull(),
    /** PostgreSQL pool: connections open, idle, callers waiting (0 on PGlite). */
    dbPoolTotal: integer().notNull(),
    dbPoolIdle: integer().notNull(),
    dbPoolWaiting: integer().notNull(),
    /** A `select 1` round trip at report time. */
    dbQueryMs: real().notNull(),
    /** Per route (the busiest 20): requests, p50, p95, p99. */
    routes: jsonb().$type<{ route: string; count: number; p50: number; p95: number; p99: number }[]>().notNull(),
  },
  (t) => [index().on(t.at), index().on(t.instance, t.at)],
);
