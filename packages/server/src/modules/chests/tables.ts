import type { ChestTable } from '@rookery/contracts';
import { bigint, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at } from '../../platform/db/columns.js';

/** A chest kind's drop table (one row per kind; the kinds are the game catalogue's chest resources). */
export const chestTables = pgTable('chest_tables', {
  kind: text().primaryKey(),
  /** Entries with weights, guaranteed items, pity (contracts' `chestTableSchema`). */
  drops: jsonb().$type<ChestTable>().notNull(),
  updatedAt: at().notNull(),
  updatedBy: text().notNull(),
});

/** A player's pity counter per chest kind: opens since the pity entry last dropped. */
export const chestPity = pgTable(
  'chest_pity',
  {
    /** The player (players.id; no foreign key across areas, as the other areas' player columns). */
    userId: bigint({ mode: 'number' }).notNull(),
    kind: text().notNull(),
    counter: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
