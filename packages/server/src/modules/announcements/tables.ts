import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at } from '../../platform/db/columns.js';

/**
 * What a player has seen of what the game shows once: a login pop-up (`a:<id>`) or a version's
 * update notes (`n:<key>`). One row per player and notice; the game's fetch leaves these out.
 */
export const announcementSeen = pgTable(
  'announcement_seen',
  {
    userId: bigint({ mode: 'number' }).notNull(),
    ref: text().notNull(),
    seenAt: at().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ref] })],
);
