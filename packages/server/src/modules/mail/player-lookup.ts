import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/http/errors.js';
import { playerDevices, players } from '../players/tables.js';
import { playerMails } from './tables.js';

/*
 * Player look-ups mail needs that the players service does not offer (batch existence for a
 * personal mail's recipients, the console's social/device ID key, the mailbox's one read).
 * Read-only, on the players module's exported tables.
 */

/** Which of `ids` are players. */
export async function existingPlayerIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (let i = 0; i < ids.length; i += 5000) {
    const chunk = ids.slice(i, i + 5000);
    const rows = await db.select({ id: players.id }).from(players).where(inArray(players.id, chunk));
    for (const r of rows) found.add(r.id);
  }
  return found;
}

/** The player a console search names by user ID, social ID or device ID (its current binding); 404 when none. */
export async function playerIdByKey(
  db: Db,
  key: { userId?: number; socialId?: string; deviceId?: string },
): Promise<number> {
  let id: number | undefined;
  if (key.userId) {
    [{ id } = { id: undefined }] = await db.select({ id: players.id }).from(players).where(eq(players.id, key.userId));
  } else if (key.socialId) {
    [{ id } = { id: undefined }] = await db
      .select({ id: players.id })
      .from(players)
      .where(eq(players.socialId, key.socialId));
  } else if (key.deviceId) {
    [{ id } = { id: undefined }] = await db
      .select({ id: playerDevices.userId })
      .from(playerDevices)
      .where(eq(playerDevices.deviceId, key.deviceId));
  }
  if (id === undefined) throw notFound('player.notFound');
  return id;
}

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
): Promise<{ player: typeof players.$inferSelect; copies: MailCopy[] } | undefined> {
  const [found] = await db
    .select({
      player: players,
      copies: sql<RawCopy[]>`coalesce((
        select json_agg(json_build_object('mailId', pm.mail_id, 'round', pm.round, 'deliveredAt', pm.delivered_at,
          'readAt', pm.read_at, 'claimedAt', pm.claimed_at, 'removedAt', pm.removed_at))
        from ${playerMails} pm where pm.user_id = ${userId}), '[]'::json)`,
    })
    .from(players)
    .where(eq(players.id, userId));
  if (!found) return undefined;
  return {
    player: found.player,
    copies: found.copies.map((c) => ({
      mailId: c.mailId,
      round: c.round,
      deliveredAt: new Date(c.deliveredAt),
      readAt: time(c.readAt),
      claimedAt: time(c.claimedAt),
      removedAt: time(c.removedAt),
    })),
  };
}
