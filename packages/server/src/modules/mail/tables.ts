import { type ConditionRule, mailScopes, type Reward } from '@rookery/contracts';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { at } from '../../platform/db/columns.js';

type Texts = Record<string, string>;

/**
 * One row per mail whatever its reach: a global mail to a million players is this one row,
 * matched against each player when their mailbox is fetched.
 */
export const mails = pgTable(
  'mails',
  {
    id: serial().primaryKey(),
    /** personal | global | comeback */
    scope: text({ enum: mailScopes }).notNull(),
    title: jsonb().$type<Texts>().notNull(),
    content: jsonb().$type<Texts>().notNull(),
    reward: jsonb().$type<Reward[]>().notNull(),
    conditions: jsonb().$type<ConditionRule[]>().notNull(),
    effectiveAt: at().notNull(),
    expireAt: at().notNull(),
    iapId: text(),
    mailTemplateId: integer(),
    rewardTemplateId: integer(),
    /** Comeback: days away that make a return. */
    notLoginDays: integer(),
    /** Comeback: returns one player is given it for. */
    maxTimes: integer(),
    /** Personal: how many players it lists. */
    recipientCount: integer().notNull().default(0),
    createdBy: text(),
    createdAt: at().notNull(),
    updatedAt: at().notNull(),
    recalledAt: at(),
    recalledBy: text(),
  },
  (t) => [
    index().on(t.scope, t.id),
    // The live global and comeback mails each process keeps compiled in memory.
    index('mails_live_idx').on(t.scope, t.expireAt).where(sql`${t.recalledAt} is null`),
  ],
);

/**
 * A mail as one player has it. Personal mail: a row per listed player, written at send.
 * Comeback mail: a row per return (`round`), written at login. Global mail: a row only once the
 * player reads, claims or an operator removes it. The primary key makes a claim happen once
 * per (mail, player, round).
 */
export const playerMails = pgTable(
  'player_mails',
  {
    mailId: integer()
      .notNull()
      .references(() => mails.id, { onDelete: 'cascade' }),
    userId: bigint({ mode: 'number' }).notNull(),
    round: integer().notNull().default(1),
    deliveredAt: at().notNull(),
    readAt: at(),
    claimedAt: at(),
    /** What the claim added to the player's resources. */
    claimedReward: jsonb().$type<Reward[]>(),
    /** Removed from this player's mailbox by an operator. */
    removedAt: at(),
    removedBy: text(),
  },
  (t) => [primaryKey({ columns: [t.mailId, t.userId, t.round] }), index().on(t.userId)],
);
