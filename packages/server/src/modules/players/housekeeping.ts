import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { deleteInBatches } from '../../platform/housekeeping.js';
import { playerEvents } from './tables.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days the game's own routine events (`login`, `save`) stay in a player's event log. */
export const ROUTINE_EVENT_DAYS = 90;

/**
 * Delete login and save events older than ROUTINE_EVENT_DAYS: one of each per session of every
 * player, they are most of the log. Everything else — console actions, reward claims, purchases,
 * redemptions — is what support and accounting look back on, and stays. Returns the rows removed.
 */
export function pruneRoutineEvents(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - ROUTINE_EVENT_DAYS * DAY_MS).toISOString();
  return deleteInBatches(async (limit) => {
    const result = (await db.execute(sql`
      with gone as (
        delete from ${playerEvents} where id in (
          select id from ${playerEvents}
          where at < ${cutoff}::timestamptz and type in ('login', 'save')
          limit ${limit})
        returning 1)
      select count(*)::int as n from gone`)) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0].n);
  });
}
