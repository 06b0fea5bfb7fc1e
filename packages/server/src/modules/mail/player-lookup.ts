import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { findPlayerWith, type PlayerRow } from '../players/service.js';
import { playerMails } from './tables.js';

/* The mailbox's one read: the player (through the players service) with this area's copies. */

/** The player's state for each mail they have a copy of or touched (no mail bodies). */
export type MailCopy = Pick<
  typeof playerMails.$inferSelect,
  'mailId' | 'round' | 'deliveredAt' | 'readAt' | 'claimedAt' | 'removedAt'
>;

interface RawCopy {
  mailId: number;
  round: number;
  deliveredAt: string;
  readAt: string | null;
  claimedAt: string | null;
  removedAt: string | null;
}
const time = (t: string | null) => (t === null ? null : new Date(t));

/**
 * The player and their mail copies in one round trip: the mailbox is fetched on every session
 * and should cost little more than reading the player. Copies of expired mails are read too and
 * dropped in memory: filtering them here costs a mail lookup per copy, more than it saves while
 * housekeeping keeps them to EXPIRED_COPY_DAYS (measured with bench mail-mailbox).
 */
export async function playerWithMailCopies(
  db: Db,
  userId: number,
): Promise<{ player: PlayerRow; copies: MailCopy[] } | undefined> {
  const found = await findPlayerWith(
    db,
    userId,
    sql<RawCopy[]>`coalesce((
        select json_agg(json_build_object('mailId', pm.mail_id, 'round', pm.round, 'deliveredAt', pm.delivered_at,
          'readAt', pm.read_at, 'claimedAt', pm.claimed_at, 'removedAt', pm.removed_at))
        from ${playerMails} pm where pm.user_id = ${userId}), '[]'::json)`,
  );
  if (!found) return undefined;
  return {
    player: found.player,
    copies: found.extra.map((c) => ({
      mailId: c.mailId,
      round: c.round,
      deliveredAt: new Date(c.deliveredAt),
      readAt: time(c.readAt),
      claimedAt: time(c.claimedAt),
      removedAt: time(c.removedAt),
    })),
  };
}
