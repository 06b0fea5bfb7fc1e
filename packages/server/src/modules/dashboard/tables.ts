import { bigint, date, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';
import { at } from '../../platform/db/columns.js';

/**
 * Rollups of the player event log's logins, so the dashboard reads tens of rows instead of
 * millions of events. A job takes in the events after `activity_rollup.last_event_id` every
 * half minute (see rollup.ts); the game login itself writes nothing more.
 */

/** Logins and first logins per hour (UTC). */
export const activityHours = pgTable('activity_hours', {
  hour: at().primaryKey(),
  logins: integer().notNull().default(0),
  newPlayers: integer().notNull().default(0),
});

/**
 * The newest event ID at each rollup run of the last hour: every event logged after `at` has a
 * higher ID, so "online now" reads the event log from the checkpoint before its window, by
 * primary key, however the older part of the log is laid out.
 */
export const activityCheckpoints = pgTable('activity_checkpoints', {
  at: at().primaryKey(),
  eventId: bigint({ mode: 'number' }).notNull(),
});

/** Distinct players who logged in, first logins and logins per UTC day. */
export const activityDays = pgTable('activity_days', {
  day: date({ mode: 'string' }).primaryKey(),
  activePlayers: integer().notNull().default(0),
  newPlayers: integer().notNull().default(0),
  logins: integer().notNull().default(0),
});

/**
 * Who logged in on the recent days: counts each player once per day. Only the last two days are
 * kept once the rollup has caught up; older days live on as their count in activity_days.
 */
export const activityDayPlayers = pgTable(
  'activity_day_players',
  {
    day: date({ mode: 'string' }).notNull(),
    userId: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] })],
);

/** One row: how far the rollup has read the event log, and when. */
export const activityRollup = pgTable('activity_rollup', {
  id: smallint().primaryKey().default(1),
  lastEventId: bigint({ mode: 'number' }).notNull().default(0),
  /** The highest event ID seen at the last run: the next run reads up to it (see rollup.ts). */
  seenEventId: bigint({ mode: 'number' }).notNull().default(0),
  updatedAt: at(),
});
