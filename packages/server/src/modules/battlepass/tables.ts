import { type BattlePassLevel, type BattlePassXpSource, battlePassTracks, type Reward } from '@rookery/contracts';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { at } from '../../platform/db/columns.js';

/** A battle-pass season: its window, levels, premium product and XP sources. */
export const battlePassSeasons = pgTable(
  'battle_pass_seasons',
  {
    id: serial().primaryKey(),
    pass: text().notNull(),
    name: text().notNull(),
    startAt: at().notNull(),
    endAt: at().notNull(),
    /** The IAP item (store catalogue ID) that unlocks the premium track. */
    premiumProductId: integer(),
    levels: jsonb().$type<BattlePassLevel[]>().notNull(),
    xpSources: jsonb().$type<BattlePassXpSource[]>().notNull(),
    mailUnclaimed: boolean().notNull().default(false),
    /** When the season-end job mailed the unclaimed free rewards (at most once). */
    mailedAt: at(),
    createdAt: at().notNull(),
    updatedAt: at().notNull(),
  },
  (t) => [index('battle_pass_seasons_window').on(t.pass, t.startAt, t.endAt)],
);

/** A player's progress in a season. */
export const battlePassProgress = pgTable(
  'battle_pass_progress',
  {
    userId: bigint({ mode: 'number' }).notNull(),
    seasonId: integer().notNull(),
    xp: integer().notNull().default(0),
    premium: boolean().notNull().default(false),
    /** The order that unlocked premium. */
    premiumOrderId: bigint({ mode: 'number' }),
    updatedAt: at().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.seasonId] }), index('battle_pass_progress_season').on(t.seasonId)],
);

/** XP one source gave a player in a season on one day (UTC, the service clock): the daily cap's count. */
export const battlePassDailyXp = pgTable(
  'battle_pass_daily_xp',
  {
    userId: bigint({ mode: 'number' }).notNull(),
    seasonId: integer().notNull(),
    source: text().notNull(),
    day: text().notNull(),
    xp: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.seasonId, t.source, t.day] })],
);

/** One claim: unique per (player, season, level, track), inserted with the grant. */
export const battlePassClaims = pgTable(
  'battle_pass_claims',
  {
    userId: bigint({ mode: 'number' }).notNull(),
    seasonId: integer().notNull(),
    level: integer().notNull(),
    track: text({ enum: battlePassTracks }).notNull(),
    rewards: jsonb().$type<Reward[]>().notNull(),
    claimedAt: at().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.seasonId, t.level, t.track] })],
);
