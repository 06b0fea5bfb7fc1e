import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { storePurchaseCounts } from './tables.js';

/**
 * What other areas call about the store. Delivery of a purchase (the orders area) records it
 * here, in the delivery's transaction, so purchase limits count exactly the delivered purchases.
 */

/** The store key a purchase counts under: `purchaseItem:<id>` or `product:<name>`. */
export const purchaseCountKey = (kind: 'purchaseItem' | 'product', key: string | number) => `${kind}:${key}`;

/** Count one more purchase of `item` by `userId` (at `at`, the service clock). */
export async function recordPurchase(db: Db, userId: number, item: string, at: Date): Promise<void> {
  await db
    .insert(storePurchaseCounts)
    .values({ userId, item, count: 1, lastAt: at })
    .onConflictDoUpdate({
      target: [storePurchaseCounts.userId, storePurchaseCounts.item],
      set: { count: sql`${storePurchaseCounts.count} + 1`, lastAt: at },
    });
}

/** One player's purchase counts by item. */
export async function purchaseCountsOf(db: Db, userId: number): Promise<Record<string, number>> {
  const rows = await db
    .select({ item: storePurchaseCounts.item, count: storePurchaseCounts.count })
    .from(storePurchaseCounts)
    .where(eq(storePurchaseCounts.userId, userId));
  return Object.fromEntries(rows.map((r) => [r.item, r.count]));
}

/** A player's purchase counts as a value of another statement (read with the player in one go), `userId` naming the player. */
export const purchaseCountsSql = (userId: SQLWrapper): SQL<Record<string, number> | null> =>
  sql`(select json_object_agg(${storePurchaseCounts.item}, ${storePurchaseCounts.count}) from ${storePurchaseCounts} where ${storePurchaseCounts.userId} = ${userId})`;
