import { type PlayerState, playerStatuses, suspicionRules } from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
} from 'drizzle-orm/pg-core';
import { at } from '../../platform/db/columns.js';

/**
 * One row per game player: identity, the attributes other areas target (mail conditions, remote
 * config), moderation state and the game-state document with its optimistic `saveCount`.
 */
export const players = pgTable(
  'players',
  {
    /** The public user ID. */
    id: bigserial({ mode: 'number' }).primaryKey(),
    socialId: text().unique(),
    anonymousId: text(),
    /** The device of the last login. Bindings (which devices log into this player) are in player_devices. */
    deviceId: text(),
    deviceModel: text(),
    /**
     * Language, country and os as the last login reported them, canonical (contracts'
     * `canonicalAttributes`): conditions and the audience count compare these as stored. `os` is
     * `android`, `ios` or `other`; a language that is no tag and a country that is no ISO code are null.
     */
    os: text(),
    appVersion: text(),
    language: text(),
    country: text(),
    /** What the game sent, where it differs from the canonical value (support reads it on the player). */
    reportedOs: text(),
    reportedLanguage: text(),
    reportedCountry: text(),
    /** normal | frozen (a freeze whose `frozenUntil` passed counts as normal). */
    status: text({ enum: playerStatuses }).notNull().default('normal'),
    frozenReason: text(),
    frozenUntil: at(),
    chatBannedUntil: at(),
    chatBanReason: text(),
    blacklisted: boolean().notNull().default(false),
    blacklistReason: text(),
    isPayer: boolean().notNull().default(false),
    /** Copied from state.habitatCount on every write, so conditions can filter on it. */
    habitatCount: integer().notNull().default(0),
    state: jsonb().$type<PlayerState>().notNull(),
    saveCount: integer().notNull().default(0),
    /** Bumped when the console ends the player's game session; saves from an older session are refused. */
    sessionEpoch: integer().notNull().default(0),
    firstLoginAt: at().notNull(),
    lastLoginAt: at(),
    /** The login before the last one: a comeback is a last login long after it (mail, conditions). */
    previousLoginAt: at(),
    lastSaveAt: at(),
    /** Set when business data (personal and analytics data) was erased. */
    dataErasedAt: at(),
    updatedAt: at().notNull(),
  },
  // Login rewrites the attributes and lastLoginAt of a player on every login, and every index on a
  // column it writes costs each login an index entry. So: indexes for the ID searches, and partial
  // indexes (touched only by the rows they hold) for the moderation lists. The game-user listing's
  // filters on os/country and sort on last login scan, like its total count does anyway.
  (t) => [
    index().on(t.deviceId),
    index().on(t.anonymousId),
    index('players_frozen_idx').on(t.id).where(sql`${t.status} = 'frozen'`),
    index('players_chat_banned_idx').on(t.chatBannedUntil).where(sql`${t.chatBannedUntil} is not null`),
    index('players_blacklisted_idx').on(t.id).where(sql`${t.blacklisted}`),
  ],
);

/** Which devices log into which player (a device logs into one player). */
export const playerDevices = pgTable(
  'player_devices',
  {
    deviceId: text().primaryKey(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    boundAt: at().notNull(),
  },
  (t) => [index().on(t.userId)],
);

export const deviceBans = pgTable('device_bans', {
  deviceId: text().primaryKey(),
  reason: text().notNull(),
  /** null = permanent. */
  until: at(),
  bannedBy: text(),
  createdAt: at().notNull(),
});

/** The player's state before each save and each console action; the last 50 per player are kept. */
export const playerSnapshots = pgTable(
  'player_snapshots',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    saveCount: integer().notNull(),
    state: jsonb().$type<PlayerState>().notNull(),
    /** What came next: `save` or the console action's name. */
    cause: text().notNull(),
    actor: text(),
    createdAt: at().notNull(),
  },
  (t) => [index().on(t.userId, t.id)],
);

/** Every game event (login, save, reward claims…) and every console action on a player. */
export const playerEvents = pgTable(
  'player_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    data: jsonb(),
    /** The staff user for console actions; null for the game's own events. */
    actor: text(),
    at: at().notNull(),
  },
  // Item removals are listed across players; a partial index keeps that off the hot inserts.
  // Retention finds old login and save events by time: a BRIN index (a summary per block range,
  // cheap on appends that arrive in time order) instead of a B-tree entry per login.
  (t) => [
    index().on(t.userId, t.id),
    index('player_events_item_removals_idx').on(t.id).where(sql`${t.type} in ('deductResources', 'removeItems')`),
    index('player_events_at_brin').using('brin', t.at),
  ],
);

/** A save that broke a plausibility rule; operators review it. */
export const playerSuspicions = pgTable(
  'player_suspicions',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: bigint({ mode: 'number' })
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    rule: text({ enum: suspicionRules }).notNull(),
    detail: jsonb().notNull(),
    saveCount: integer().notNull(),
    createdAt: at().notNull(),
    reviewedAt: at(),
    reviewedBy: text(),
  },
  (t) => [index().on(t.reviewedAt, t.id), index().on(t.userId)],
);

/**
 * The resource ledger: one row per change of one resource of one player, written in the same
 * transaction as the change (`ledger.ts`; `apply_rewards` in SQL). Partitioned by month of `at`
 * (the migration creates it so, drizzle cannot say it; `ledger.ts` makes months ahead), with a
 * default partition for what falls outside them. No foreign key to players: it is the accounting
 * record and outlives a deleted player. The key holds the partition column (at, id).
 *  - (user_id, at, id): the player's ledger tab, newest first, keyset paged;
 *  - (user_id, kind) including delta: the drift check's per-player sums read the index only.
 */
export const resourceLedger = pgTable(
  'resource_ledger',
  {
    id: bigserial({ mode: 'number' }).notNull(),
    userId: bigint({ mode: 'number' }).notNull(),
    /** The resource kind (`coin`, `gem`…): a key of `state.resources`. */
    kind: text().notNull(),
    delta: numeric({ mode: 'number' }).notNull(),
    /** The player's amount of this resource after the change. */
    balance: numeric({ mode: 'number' }).notNull(),
    /** What changed it (contracts `ledgerSources`). */
    source: text().notNull(),
    /** The mail, gift-code batch, order, snapshot, save count… the source names; null when none. */
    sourceId: text(),
    at: at().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.at, t.id] }),
    index('resource_ledger_user_at_idx').on(t.userId, t.at, t.id),
    index('resource_ledger_user_kind_idx').on(t.userId, t.kind, t.delta),
  ],
);

/** Each run of the daily drift check: what it checked and the drift it found (the metrics read the last). */
export const ledgerChecks = pgTable('ledger_checks', {
  id: serial().primaryKey(),
  /** The start of the UTC day whose changed players were checked. */
  day: at().notNull(),
  checkedPlayers: integer().notNull(),
  driftPlayers: integer().notNull(),
  /** Up to 1,000 drifts: {userId, kind, balance, ledger}. */
  drift: jsonb().$type<{ userId: number; kind: string; balance: number; ledger: number }[]>().notNull(),
  ranAt: at().notNull(),
});
