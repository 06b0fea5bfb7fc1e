import { type LogKind, type LogLevel, logKinds, logLevels } from '@rookery/contracts';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
} from 'drizzle-orm/pg-core';
import { at } from '../../platform/db/columns.js';

/**
 * Every stored log entry (game client, console front end, server errors). Partitioned by kind and
 * then by day of `at` (the server's receive time) — the migration creates it so (drizzle cannot
 * say it); `partitions.ts` creates days ahead and drops expired days whole. The key is
 * (kind, at, id): a partitioned table's key holds its partition columns.
 */
export const logEntries = pgTable(
  'log_entries',
  {
    id: bigserial({ mode: 'number' }).notNull(),
    /** When the server received it: the partition key and the list order. */
    at: at().notNull(),
    kind: text({ enum: logKinds }).$type<LogKind>().notNull(),
    level: text({ enum: logLevels }).$type<LogLevel>().notNull(),
    message: text().notNull(),
    /** The time the sender wrote (its own clock, not trusted for order). */
    clientTime: at(),
    userId: bigint({ mode: 'number' }),
    deviceId: text(),
    appVersion: text(),
    os: text(),
    /** The console page (front end), the request path (server). */
    url: text(),
    /** The server's request ID (server errors). */
    requestId: text(),
    stack: text(),
    /** Free meta, secrets replaced by their hash before storing. */
    meta: jsonb().$type<Record<string, unknown>>(),
    /** The incident an error belongs to (errors and fatals only): see `incidents.ts`. */
    fingerprint: text(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.at, t.id] }),
    index('log_entries_at_id_idx').on(t.at, t.id),
    index('log_entries_level_at_idx').on(t.level, t.at),
    index('log_entries_user_at_idx').on(t.userId, t.at),
    index('log_entries_fingerprint_at_idx').on(t.fingerprint, t.at),
  ],
);

/** One log entry as written (the writer buffers these; `incidents.ts` folds the errors among them). */
export type LogRow = typeof logEntries.$inferInsert;

/** Errors grouped by fingerprint (issue 32 item 4). */
export const incidents = pgTable(
  'incidents',
  {
    id: serial().primaryKey(),
    fingerprint: text().notNull().unique(),
    kind: text({ enum: logKinds }).$type<LogKind>().notNull(),
    /** The normalised message (numbers and IDs masked) and the first message seen. */
    title: text().notNull(),
    sample: text().notNull(),
    firstSeen: at().notNull(),
    lastSeen: at().notNull(),
    count: bigint({ mode: 'number' }).notNull(),
    /** open | resolved | ignored */
    state: text().notNull().default('open'),
    /** The newest app version seen when it was resolved: a later version reopens it. */
    resolvedVersion: text(),
    regression: boolean().notNull().default(false),
    /** Entries per app version and per OS. */
    appVersions: jsonb().$type<Record<string, number>>().notNull(),
    oses: jsonb().$type<Record<string, number>>().notNull(),
    players: integer().notNull().default(0),
  },
  (t) => [index().on(t.state, t.lastSeen), index().on(t.lastSeen)],
);

/** The players an incident affected (one row each). */
export const incidentPlayers = pgTable(
  'incident_players',
  {
    incidentId: integer().notNull(),
    userId: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.incidentId, t.userId] })],
);
