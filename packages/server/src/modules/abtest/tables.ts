import {
  bigint,
  bigserial,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { at } from '../../platform/db/columns.js';

/**
 * The first time a player was assigned in an experiment's phase (issue 30 item 5): who is in which
 * variation, with the segments results break down by. Written in batches off the config fetch
 * (`ExposureRecorder`); a repeat is dropped by the key. Results and the exposures list read it by
 * experiment and phase (keyset by time and player).
 */
export const abExposures = pgTable(
  'ab_exposures',
  {
    experiment: text().notNull(),
    phase: integer().notNull(),
    userId: bigint({ mode: 'number' }).notNull(),
    variation: smallint().notNull(),
    os: text(),
    country: text(),
    at: at().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.experiment, t.phase, t.userId] }),
    index().on(t.experiment, t.phase, t.at, t.userId),
  ],
);

/** What the game reports a player did (`POST /api/game/v1/players/:userId/events`): the experiments' metrics. */
export const gameEvents = pgTable(
  'game_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: bigint({ mode: 'number' }).notNull(),
    name: text().notNull(),
    value: doublePrecision(),
    at: at().notNull(),
  },
  (t) => [index().on(t.userId, t.name, t.at), index().on(t.name, t.at)],
);

/**
 * The daily aggregation (a job): per experiment phase, day, metric and variation, the cumulative
 * figures up to the end of that day (UTC): players counted, sum and sum of squares of their values
 * (`exposed` counts exposures). Results draw their daily chart from it.
 */
export const abDaily = pgTable(
  'ab_daily',
  {
    experiment: text().notNull(),
    phase: integer().notNull(),
    day: date({ mode: 'string' }).notNull(),
    metric: text().notNull(),
    variation: smallint().notNull(),
    n: integer().notNull(),
    sum: doublePrecision().notNull(),
    sumSquares: doublePrecision().notNull(),
  },
  (t) => [primaryKey({ columns: [t.experiment, t.phase, t.day, t.metric, t.variation] })],
);
