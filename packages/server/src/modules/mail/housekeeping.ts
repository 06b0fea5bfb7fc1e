import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { daysBefore, deleteInBatches } from '../../platform/housekeeping.js';
import { mails, playerMails } from './tables.js';

/** Days a player's copy of a mail (read, claimed, removed) is kept after the mail expired. */
export const EXPIRED_COPY_DAYS = 180;

/**
 * Delete players' copies of mails that expired more than EXPIRED_COPY_DAYS ago: an expired mail is
 * in no mailbox and can no longer be claimed, and the claim itself stays in the player's event log.
 * The mails themselves stay for the console's history. Returns the rows removed.
 */
export function pruneExpiredMailCopies(db: Db, now: Date): Promise<number> {
  const cutoff = daysBefore(now, EXPIRED_COPY_DAYS);
  return deleteInBatches(
    db,
    (limit) => sql`delete from ${playerMails} where (mail_id, user_id, round) in (
      select pm.mail_id, pm.user_id, pm.round from ${playerMails} pm
      where pm.mail_id in (select id from ${mails} where expire_at < ${cutoff}::timestamptz) limit ${limit})`,
  );
}
