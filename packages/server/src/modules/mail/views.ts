import { type MailboxItem, type MailState, type mailSchema, pickText } from '@rookery/contracts';
import type { z } from 'zod';
import type { MailRow } from './live-mails.js';
import type { playerMails } from './tables.js';

export type PlayerMailRow = typeof playerMails.$inferSelect;
/** A mail as the console shows it (the schema encodes the times). */
export type Mail = z.output<typeof mailSchema>;

export function mailState(row: Pick<MailRow, 'recalledAt' | 'effectiveAt' | 'expireAt'>, now: Date): MailState {
  if (row.recalledAt) return 'recalled';
  if (row.expireAt <= now) return 'expired';
  if (row.effectiveAt > now) return 'scheduled';
  return 'active';
}

export function toMail(row: MailRow, now: Date): Mail {
  return {
    id: row.id,
    mailScope: row.scope,
    state: mailState(row, now),
    title: row.title,
    content: row.content,
    reward: row.reward,
    conditions: row.conditions,
    effectiveAt: row.effectiveAt,
    expireAt: row.expireAt,
    iapId: row.iapId,
    mailTemplateId: row.mailTemplateId,
    rewardTemplateId: row.rewardTemplateId,
    notLoginDays: row.notLoginDays,
    maxTimes: row.maxTimes,
    recipientCount: row.recipientCount,
    createdBy: row.createdBy,
    recalledBy: row.recalledBy,
    recalledAt: row.recalledAt,
    createAt: row.createdAt,
    updateAt: row.updatedAt,
  };
}

/** Mail's texts are picked as every player text is (contracts' `pickText`), re-exported for the mail module. */
export { pickText };

/** Per mail row kept in memory, its unread mailbox entry per language: built once, shown to many players. */
const mailboxEntries = new WeakMap<MailRow, Map<string, MailboxItem>>();

/**
 * A mail as one player's mailbox shows it. Most players have not opened most global mails, so the
 * unread entry is shared (never mutated); an entry with read or claim state is a fresh copy.
 */
export function toMailboxItem(
  mail: MailRow,
  copy: { readAt: Date | null; claimedAt: Date | null } | undefined,
  language: string | null,
): MailboxItem {
  let byLanguage = mailboxEntries.get(mail);
  if (!byLanguage) {
    byLanguage = new Map();
    mailboxEntries.set(mail, byLanguage);
  }
  const key = language ?? '';
  let unread = byLanguage.get(key);
  if (!unread) {
    const title = pickText(mail.title, language);
    unread = {
      id: mail.id,
      mailScope: mail.scope,
      title: title.text,
      content: pickText(mail.content, title.lang).text,
      language: title.lang,
      reward: mail.reward,
      iapId: mail.iapId,
      read: false,
      claimed: false,
      effectiveAt: mail.effectiveAt.toISOString(),
      expireAt: mail.expireAt.toISOString(),
    };
    byLanguage.set(key, unread);
  }
  if (!copy?.readAt && !copy?.claimedAt) return unread;
  return { ...unread, read: Boolean(copy.readAt), claimed: Boolean(copy.claimedAt) };
}

/**
 * Whether a mail shows in one player's mailbox now. `copy` is the player's row for it (a personal
 * or comeback copy, or the read/claim state of a global mail); `matches` says whether a global
 * mail's conditions select the player. A recalled mail stays only where it was claimed.
 */
export function inMailbox(
  mail: Pick<MailRow, 'scope' | 'recalledAt' | 'effectiveAt' | 'expireAt'>,
  copy: Pick<PlayerMailRow, 'claimedAt' | 'removedAt'> | undefined,
  matches: boolean,
  now: number,
): boolean {
  if (copy?.removedAt) return false;
  if (mail.effectiveAt.getTime() > now || mail.expireAt.getTime() <= now) return false;
  if (mail.recalledAt) return Boolean(copy?.claimedAt);
  if (mail.scope === 'global') return matches || Boolean(copy?.claimedAt);
  return copy !== undefined;
}
