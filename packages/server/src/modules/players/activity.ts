import { count, isNull, min, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { playerEvents, playerSuspicions } from './tables.js';

/**
 * What other areas read about players' activity (the dashboard's rollups and counters), without
 * reaching into the players' tables. Every read here goes by primary key or a partial index.
 */

/**
 * The login events with `fromId < id ≤ toId`, as a subquery of `(id, user_id, at, is_new)`: a
 * primary-key range, so it costs the range's rows whatever the size of the log. `is_new` marks a
 * player's first login (the login that created the player).
 */
export const loginEventsBetween = (fromId: number, toId: number): SQL =>
  sql`select ${playerEvents.id} as id, ${playerEvents.userId} as user_id, ${playerEvents.at} as at,
      coalesce(${playerEvents.data}->>'via' = 'new', false) as is_new
    from ${playerEvents}
    where ${playerEvents.id} > ${fromId} and ${playerEvents.id} <= ${toId} and ${playerEvents.type} = 'login'`;

/** The newest event's ID (0 when the log is empty): the top of the primary key. */
export async function latestEventId(db: Db): Promise<number> {
  const [row] = await db.select({ id: sql<string | number | null>`max(${playerEvents.id})` }).from(playerEvents);
  return Number(row?.id ?? 0);
}

/**
 * Players who logged in at `since` or later, reading the log from event `fromId` on (a
 * primary-key range): the caller knows an ID below every event of the window.
 */
export async function playersLoggedInSince(db: Db, since: Date, fromId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${playerEvents.userId})::int` })
    .from(playerEvents)
    .where(
      sql`${playerEvents.id} >= ${fromId} and ${playerEvents.type} = 'login' and ${playerEvents.at} >= ${since.toISOString()}`,
    );
  return Number(row?.n ?? 0);
}

/** Suspicion findings nobody has reviewed yet, and when the oldest was filed. */
export async function openSuspicions(db: Db): Promise<{ count: number; oldestAt: Date | null }> {
  const [row] = await db
    .select({ n: count(), oldest: min(playerSuspicions.createdAt) })
    .from(playerSuspicions)
    .where(isNull(playerSuspicions.reviewedAt));
  return { count: row?.n ?? 0, oldestAt: row?.oldest ?? null };
}
