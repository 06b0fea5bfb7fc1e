import { type GuildJoinMode, type GuildRole, guildJoinModes, guildRoles } from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at } from '../../platform/db/columns.js';

/**
 * A guild. `nameKey` is the name folded for comparison (NFKC, lower case, Unicode confusables to
 * their prototype, spaces collapsed: `foldName` in `names.ts`): unique among guilds not disbanded,
 * so a lookalike of a taken name is refused by the index even when two creates race.
 */
export const guilds = pgTable(
  'guilds',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    nameKey: text().notNull(),
    joinMode: text({ enum: guildJoinModes }).$type<GuildJoinMode>().notNull(),
    memberLimit: integer().notNull(),
    /** The leader (null only once disbanded). */
    leaderId: bigint({ mode: 'number' }),
    createdAt: at().notNull(),
    updatedAt: at().notNull(),
    disbandedAt: at(),
    disbandReason: text(),
    /** Chat closed by the operators until this time. */
    chatBannedUntil: at(),
    chatBanReason: text(),
    /** Left out of the game's guild list until this time. */
    listBannedUntil: at(),
    listBanReason: text(),
  },
  (t) => [
    uniqueIndex('guilds_name_key_live').on(t.nameKey).where(sql`${t.disbandedAt} is null`),
    index('guilds_created').on(t.createdAt, t.id),
  ],
);

/** Who is in which guild (a player is in one guild at most) and their chat rate window. */
export const guildMembers = pgTable(
  'guild_members',
  {
    userId: bigint({ mode: 'number' }).primaryKey(),
    guildId: integer().notNull(),
    role: text({ enum: guildRoles }).$type<GuildRole>().notNull(),
    joinedAt: at().notNull(),
    /** The start of the player's current chat window and the messages posted in it. */
    chatWindowStart: at(),
    chatWindowCount: integer().notNull().default(0),
  },
  (t) => [index('guild_members_guild').on(t.guildId)],
);

/** A player's request to join a request-only guild (one pending request per player). */
export const guildJoinRequests = pgTable(
  'guild_join_requests',
  {
    userId: bigint({ mode: 'number' }).primaryKey(),
    guildId: integer().notNull(),
    requestedAt: at().notNull(),
  },
  (t) => [index('guild_join_requests_guild').on(t.guildId, t.requestedAt)],
);

/** Guild chat. A deleted message keeps its row (the console shows it) and never reaches the game again. */
export const guildMessages = pgTable(
  'guild_messages',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    guildId: integer().notNull(),
    userId: bigint({ mode: 'number' }).notNull(),
    text: text().notNull(),
    createdAt: at().notNull(),
    deletedAt: at(),
    deletedBy: text(),
  },
  (t) => [index('guild_messages_guild_time').on(t.guildId, t.createdAt, t.id)],
);

/** Words no guild name may contain, folded as names are (`wordKey`). */
export const guildNameFilters = pgTable('guild_name_filters', {
  id: serial().primaryKey(),
  word: text().notNull(),
  wordKey: text().notNull().unique(),
  createdBy: text(),
  createdAt: at().notNull(),
});
