import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { daysBefore, deleteInBatches } from '../../platform/housekeeping.js';
import { playerEvents } from './tables.js';

/** Days the game's own routine events (`login`, `save`) stay in a player's event log. */
export const ROUTINE_EVENT_DAYS = 90;

/**
 * Delete login and save events older than ROUTINE_EVENT_DAYS: one of each per session of every
 * player, they are most of the log. Everything else — console actions, reward claims, purchases,
 * redemptions — is what support and accounting look back on, and stays. Returns the rows removed.
 */
export function pruneRoutineEvents(db: Db, now: Date): Promise<number> {
  const cutoff = daysBefore(now, ROUTINE_EVENT_DAYS);
  return deleteInBatches(
    db,
    (limit) => sql`delete from ${playerEvents} where id in (
      select id from ${playerEvents} where at < ${cutoff}::timestamptz and type in ('login', 'save') limit ${limit})`,
  );
}
