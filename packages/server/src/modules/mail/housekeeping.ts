import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { deleteInBatches } from '../../platform/housekeeping.js';
import { mails, playerMails } from './tables.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days a player's copy of a mail (read, claimed, removed) is kept after the mail expired. */
export const EXPIRED_COPY_DAYS = 180;

/**
 * Delete players' copies of mails that expired more than EXPIRED_COPY_DAYS ago: an expired mail is
 * in no mailbox and can no longer be claimed, and the claim itself stays in the player's event log.
 * The mails themselves stay for the console's history. Returns the rows removed.
 */
export function pruneExpiredMailCopies(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - EXPIRED_COPY_DAYS * DAY_MS).toISOString();
  return deleteInBatches(async (limit) => {
    const result = (await db.execute(sql`
      with gone as (
        delete from ${playerMails} where (mail_id, user_id, round) in (
          select pm.mail_id, pm.user_id, pm.round from ${playerMails} pm
          where pm.mail_id in (select id from ${mails} where expire_at < ${cutoff}::timestamptz)
          limit ${limit})
        returning 1)
      select count(*)::int as n from gone`)) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0].n);
  });
}
