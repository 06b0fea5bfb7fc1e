import {
  compileConditions,
  DAY_MS,
  type Locale,
  type MailboxItem,
  type MailScope,
  type PlayerAttributes,
  translate,
} from '@rookery/contracts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { asList, type PageInput, paginateArray } from '../../platform/db/paginate.js';
import { notFound } from '../../platform/http/errors.js';
import {
  applyRewards,
  frozenError,
  getPlayer,
  getPlayerForUpdate,
  isBlacklisted,
  isFrozen,
  type PlayerRow,
  playerAttributes,
  recordPlayerEvent,
} from '../players/service.js';
import type { LiveMail, LiveMailBook, MailRow } from './live-mails.js';
import { type MailCopy, playerWithMailCopies } from './player-lookup.js';
import { mails, playerMails } from './tables.js';
import { inMailbox, type PlayerMailRow, toMail, toMailboxItem } from './views.js';

/** The player's copies and global-mail states, with their mails; the latest round first. */
async function playerMailRows(db: Db, userId: number): Promise<{ copy: PlayerMailRow; mail: MailRow }[]> {
  return db
    .select({ copy: playerMails, mail: mails })
    .from(playerMails)
    .innerJoin(mails, eq(mails.id, playerMails.mailId))
    .where(eq(playerMails.userId, userId))
    .orderBy(desc(playerMails.round));
}

/** The latest copy per mail (a comeback mail may have one per return). */
function latestCopies<C extends { mailId: number; round: number }>(copies: C[]): Map<number, C> {
  const byMail = new Map<number, C>();
  for (const c of copies) {
    const seen = byMail.get(c.mailId);
    if (!seen || c.round > seen.round) byMail.set(c.mailId, c);
  }
  return byMail;
}

/**
 * Give the player a new copy of each live comeback mail their latest login qualifies for: that
 * login came `notLoginDays` or more after the previous one, the conditions matched the player as
 * they were when they came back, this return has no copy yet, the last copy was claimed, and
 * fewer than `maxTimes` copies were given. Evaluated at mailbox fetch from the player's last two
 * login times, so the login itself does not depend on mail. Idempotent: a second fetch finds the copy.
 */
async function grantComebackMails(db: Db, player: PlayerRow, comeback: LiveMail[], copies: MailCopy[], now: Date) {
  const nowMs = now.getTime();
  const live = comeback.filter((m) => m.effectiveMs <= nowMs && nowMs < m.expireMs);
  if (live.length === 0) return false;
  const latest = player.lastLoginAt;
  const previous = player.previousLoginAt;
  if (!latest || !previous) return false;
  const daysAway = Math.floor((latest.getTime() - previous.getTime()) / DAY_MS);
  const attrs: PlayerAttributes = {
    ...playerAttributes(player, now),
    lastLogin: previous.toISOString(),
    notLoginDays: daysAway,
  };
  let granted = false;
  for (const m of live) {
    if (daysAway < (m.row.notLoginDays ?? Number.POSITIVE_INFINITY) || !m.matches(attrs, nowMs)) continue;
    const mine = copies.filter((c) => c.mailId === m.row.id);
    const last = mine.reduce<MailCopy | undefined>((a, c) => (!a || c.round > a.round ? c : a), undefined);
    if (last && (last.deliveredAt >= latest || !last.claimedAt)) continue;
    if (mine.length >= (m.row.maxTimes ?? 1)) continue;
    const inserted = await db
      .insert(playerMails)
      .values({ mailId: m.row.id, userId: player.id, round: (last?.round ?? 0) + 1, deliveredAt: latest })
      .onConflictDoNothing()
      .returning({ round: playerMails.round });
    granted ||= inserted.length > 0;
  }
  return granted;
}

function assertPlayable(player: PlayerRow, now: Date) {
  if (isFrozen(player, now)) throw frozenError(player);
}

/**
 * The player's mailbox now: their personal and comeback copies plus the live global mails whose
 * conditions match them, in their language, newest first. One indexed read; mails and which
 * global mails match come from memory.
 */
export async function fetchMailbox(
  db: Db,
  book: LiveMailBook,
  userId: number,
  now: Date,
  door: (attrs: PlayerAttributes) => Promise<void>,
) {
  const found = await playerWithMailCopies(db, userId);
  if (!found) throw notFound('player.notFound');
  const { player } = found;
  let { copies } = found;
  // The game's door (maintenance, forced upgrade) as for every per-player read.
  await door(playerAttributes(player, now));
  assertPlayable(player, now);
  const nowMs = now.getTime();
  const comeback = await book.live(db, 'comeback');
  if (comeback.length > 0 && (await grantComebackMails(db, player, comeback, copies, now))) {
    copies = (await playerWithMailCopies(db, userId))!.copies;
  }
  const latest = latestCopies(copies);
  const liveGlobal = await book.liveGlobalIds(db);
  const bodies = await book.mailRows(
    db,
    [...latest.keys()].filter((id) => !liveGlobal.has(id)),
  );
  // Global mails come newest first from the book; the player's own mails are few and sorted here.
  const globals: MailboxItem[] = [];
  for (const g of await book.globalsFor(db, playerAttributes(player, now), nowMs)) {
    if (g.effectiveMs > nowMs || nowMs >= g.expireMs) continue;
    const copy = latest.get(g.row.id);
    if (inMailbox(g.row, copy, true, nowMs)) globals.push(toMailboxItem(g.row, copy, player.language));
  }
  // Personal and comeback copies, and global mails claimed before a recall.
  const own: MailboxItem[] = [];
  for (const [id, mail] of bodies) {
    const copy = latest.get(id);
    if (inMailbox(mail, copy, false, nowMs)) own.push(toMailboxItem(mail, copy, player.language));
  }
  own.sort(newestFirst);
  const list = mergeSorted(globals, own, newestFirst);
  return { list, serverTime: now.toISOString() };
}

const newestFirst = (a: MailboxItem, b: MailboxItem) =>
  a.effectiveAt < b.effectiveAt ? 1 : a.effectiveAt > b.effectiveAt ? -1 : b.id - a.id;

function mergeSorted<T>(a: T[], b: T[], order: (x: T, y: T) => number): T[] {
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) out.push(order(a[i], b[j]) <= 0 ? a[i++] : b[j++]);
  while (i < a.length) out.push(a[i++]);
  while (j < b.length) out.push(b[j++]);
  return out;
}

/** The mail as this player has it, or 404 when it is not in their mailbox (and was never claimed). */
async function mailboxEntry(db: Db, player: PlayerRow, mailId: number, now: Date) {
  const [mail] = await db.select().from(mails).where(eq(mails.id, mailId));
  if (!mail) throw notFound('mail.notFound');
  const [copy] = await db
    .select()
    .from(playerMails)
    .where(and(eq(playerMails.mailId, mailId), eq(playerMails.userId, player.id)))
    .orderBy(desc(playerMails.round))
    .limit(1);
  let matches = false;
  // Evaluated from the row just read, not the compiled book: this runs inside the claim's
  // transaction and must not wait for a book load queued on the base connection.
  if (mail.scope === 'global' && !mail.recalledAt) {
    matches = compileConditions(mail.conditions)(playerAttributes(player, now), now.getTime());
  }
  const visible = inMailbox(mail, copy, matches, now.getTime());
  if (!visible && !copy?.claimedAt) throw notFound('mail.notFound');
  return { mail, copy, round: copy?.round ?? 1 };
}

export async function readMail(db: Db, userId: number, mailId: number, now: Date) {
  const player = await getPlayer(db, userId);
  assertPlayable(player, now);
  const { round } = await mailboxEntry(db, player, mailId, now);
  await db
    .insert(playerMails)
    .values({ mailId, userId, round, readAt: now, deliveredAt: now })
    .onConflictDoUpdate({
      target: [playerMails.mailId, playerMails.userId, playerMails.round],
      set: { readAt: sql`coalesce(${playerMails.readAt}, ${now})` },
    });
  return { id: mailId, read: true as const };
}

/**
 * Claim a mail's rewards, in the caller's transaction: the player row is locked first so claims of
 * one player queue; the (mail, player, round) key lets the reward go out once. A repeat claim and
 * a blacklisted player's claim change nothing and say why.
 */
export async function claimMail(db: Db, userId: number, mailId: number, locale: Locale, now: Date) {
  const player = await getPlayerForUpdate(db, userId);
  assertPlayable(player, now);
  const { mail, copy, round } = await mailboxEntry(db, player, mailId, now);
  const answer = (
    status: 'claimed' | 'alreadyClaimed' | 'blacklisted',
    rewards = mail.reward,
    saveCount = player.saveCount,
  ) => ({
    id: mailId,
    status,
    rewards: status === 'claimed' ? rewards : [],
    message: translate(
      status === 'claimed' ? 'claim.claimed' : status === 'alreadyClaimed' ? 'claim.already' : 'claim.blacklisted',
      locale,
    ),
    saveCount,
  });
  if (copy?.claimedAt) return answer('alreadyClaimed');
  if (await isBlacklisted(db, userId)) return answer('blacklisted');
  const claimed = await db
    .insert(playerMails)
    .values({ mailId, userId, round, claimedAt: now, readAt: now, claimedReward: mail.reward, deliveredAt: now })
    .onConflictDoUpdate({
      target: [playerMails.mailId, playerMails.userId, playerMails.round],
      set: { claimedAt: now, claimedReward: mail.reward, readAt: sql`coalesce(${playerMails.readAt}, ${now})` },
      setWhere: isNull(playerMails.claimedAt),
    })
    .returning({ round: playerMails.round });
  if (claimed.length === 0) return answer('alreadyClaimed');
  let saveCount = player.saveCount;
  if (mail.reward.length > 0) {
    const updated = await applyRewards(db, userId, mail.reward, { type: 'mail', id: mailId }, now);
    saveCount = updated.saveCount;
  }
  await recordPlayerEvent(db, userId, 'mailClaim', { mailId, round, rewards: mail.reward }, now);
  return answer('claimed', mail.reward, saveCount);
}

/** One mail as one player has it, for the console. */
function toPlayerMail(mail: MailRow, copy: PlayerMailRow | undefined, shown: boolean, now: Date) {
  const { id, mailScope, state, title, content, reward, effectiveAt, expireAt } = toMail(mail, now);
  return {
    id,
    mailScope,
    state,
    title,
    content,
    reward,
    effectiveAt,
    expireAt,
    round: copy?.round ?? 1,
    read: Boolean(copy?.readAt),
    claimed: Boolean(copy?.claimedAt),
    claimedAt: copy?.claimedAt ?? null,
    removed: Boolean(copy?.removedAt),
    inMailbox: shown,
  };
}

/** Every mail that reached one player (for the console), newest first, with their state for it. */
export async function playerMailHistory(
  db: Db,
  book: LiveMailBook,
  userId: number,
  q: PageInput & { scopes: MailScope[] },
  now: Date,
) {
  const [player, rows, globals] = await Promise.all([
    getPlayer(db, userId),
    playerMailRows(db, userId),
    book.live(db, 'global'),
  ]);
  const attrs = playerAttributes(player, now);
  const nowMs = now.getTime();
  const seen = new Set(rows.map((r) => r.mail.id));
  const entries = rows.map(({ copy, mail }) => {
    const matches = mail.scope === 'global' && globals.some((g) => g.row.id === mail.id && g.matches(attrs, nowMs));
    return { mail, copy: copy as PlayerMailRow | undefined, inMailbox: inMailbox(mail, copy, matches, nowMs) };
  });
  for (const g of globals) {
    if (seen.has(g.row.id) || !g.matches(attrs, nowMs)) continue;
    entries.push({ mail: g.row, copy: undefined, inMailbox: inMailbox(g.row, undefined, true, nowMs) });
  }
  const filtered = entries
    .filter((e) => q.scopes.includes(e.mail.scope))
    .sort((a, b) => b.mail.id - a.mail.id || (b.copy?.round ?? 1) - (a.copy?.round ?? 1));
  return {
    userId,
    ...asList(paginateArray(filtered, q), (e) => toPlayerMail(e.mail, e.copy, e.inMailbox, now)),
  };
}

/** Take one mail out of one player's mailbox (an operator's support action); the mail stays for others. */
export async function removePlayerMail(db: Db, userId: number, mail: MailRow, actor: string | null, now: Date) {
  await getPlayer(db, userId);
  const [copy] = await db
    .select()
    .from(playerMails)
    .where(and(eq(playerMails.mailId, mail.id), eq(playerMails.userId, userId)))
    .orderBy(desc(playerMails.round))
    .limit(1);
  if (!copy && mail.scope !== 'global') throw notFound('mail.notFound');
  const [removed] = await db
    .insert(playerMails)
    .values({ mailId: mail.id, userId, round: copy?.round ?? 1, removedAt: now, removedBy: actor, deliveredAt: now })
    .onConflictDoUpdate({
      target: [playerMails.mailId, playerMails.userId, playerMails.round],
      set: { removedAt: now, removedBy: actor },
    })
    .returning();
  return { before: copy ? toPlayerMail(mail, copy, true, now) : null, after: toPlayerMail(mail, removed, false, now) };
}
