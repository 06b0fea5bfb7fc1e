import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at } from '../../platform/db/columns.js';

/**
 * How often each player has bought each store item (`purchaseItem:<id>`, `product:<name>`): what
 * purchase limits count. Delivery (the orders area) adds to it in its own transaction through
 * `recordPurchase`; the store reads one player's rows per fetch.
 */
export const storePurchaseCounts = pgTable(
  'store_purchase_counts',
  {
    userId: bigint({ mode: 'number' }).notNull(),
    item: text().notNull(),
    count: integer().notNull(),
    lastAt: at().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.item] })],
);
