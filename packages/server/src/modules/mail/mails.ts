import {
  endHasPassed,
  type Locale,
  type MailBody,
  type MailScope,
  type MailState,
  type MailTemplate,
  mailTemplateResource,
  parseUserIdInput,
  purchaseItemResource,
  type Reward,
  rewardTemplateResource,
  translate,
} from '@rookery/contracts';
import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { asList, containsPattern, type PageInput, paginate } from '../../platform/db/paginate.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { findItem } from '../../platform/resources/service.js';
import { checkRewardsAllowed, existingPlayerIds } from '../players/service.js';
import type { MailRow } from './live-mails.js';
import { mails, playerMails } from './tables.js';
import { mailState, toMail } from './views.js';

/** A mail ready to store: templates applied, times resolved, recipients parsed. */
interface ResolvedMail {
  values: Omit<typeof mails.$inferInsert, 'id' | 'createdBy' | 'createdAt' | 'updatedAt'>;
  userIds: number[];
}

/** Apply the templates the body names, check times and recipients; 400 with a field message otherwise. */
async function resolveMail(db: Db, body: MailBody, now: Date, locale: Locale): Promise<ResolvedMail> {
  let { title, content, reward } = body;
  if (body.mailTemplateId !== undefined) {
    const tpl = await findItem(db, mailTemplateResource.name, String(body.mailTemplateId));
    if (!tpl) throw badRequest('mail.templateNotFound', 'mailTemplateId');
    const doc = tpl.document as Pick<MailTemplate, 'title' | 'content'>;
    if (Object.keys(title).length === 0) title = doc.title ?? {};
    if (Object.keys(content).length === 0) content = doc.content ?? {};
  }
  if (body.rewardTemplateId !== undefined) {
    const tpl = await findItem(db, rewardTemplateResource.name, String(body.rewardTemplateId));
    if (!tpl) throw badRequest('mail.rewardTemplateNotFound', 'rewardTemplateId');
    if (reward.length === 0) reward = (tpl.document as { reward: Reward[] }).reward;
  }
  // Rewards the item settings forbid or cap are refused on the field.
  await checkRewardsAllowed(db, reward, 'reward', locale);
  // The IAP item whose buyers get this mail must be in the store catalogue.
  if (body.iapId && !(await findItem(db, purchaseItemResource.name, body.iapId)))
    throw badRequest('store.iapIdMissing', 'iapId');
  const effectiveAt = body.effectiveAt ? new Date(body.effectiveAt) : now;
  const expireAt = new Date(body.expireAt);
  if (endHasPassed(body.expireAt, now.getTime())) throw badRequest('mail.expireInPast', 'expireAt');

  let userIds: number[] = [];
  if (body.mailScope === 'personal') {
    userIds = parseUserIdInput(body.userIdInput ?? '').ids;
    const existing = await existingPlayerIds(db, userIds);
    const missing = userIds.filter((id) => !existing.has(id));
    if (missing.length > 0) {
      const ids = missing.slice(0, 20).join(', ') + (missing.length > 20 ? ' …' : '');
      const message = translate('player.someNotFound', locale, { ids });
      throw new AppError(400, message, { fields: [{ field: 'userIdInput', message }] });
    }
  }
  return {
    values: {
      scope: body.mailScope,
      title,
      content,
      reward,
      conditions: body.mailScope === 'personal' ? [] : body.conditions,
      effectiveAt,
      expireAt,
      iapId: body.iapId ?? null,
      mailTemplateId: body.mailTemplateId ?? null,
      rewardTemplateId: body.rewardTemplateId ?? null,
      notLoginDays: body.mailScope === 'comeback' ? body.notLoginDays! : null,
      maxTimes: body.mailScope === 'comeback' ? (body.maxTimes ?? 1) : null,
      recipientCount: userIds.length,
    },
    userIds,
  };
}

async function insertRecipients(db: Db, mailId: number, userIds: number[], at: Date) {
  for (let i = 0; i < userIds.length; i += 5000) {
    await db
      .insert(playerMails)
      .values(userIds.slice(i, i + 5000).map((userId) => ({ mailId, userId, deliveredAt: at })));
  }
}

export async function createMail(db: Db, body: MailBody, actor: string | null, locale: Locale, now: Date) {
  const { values, userIds } = await resolveMail(db, body, now, locale);
  const [row] = await db
    .insert(mails)
    .values({ ...values, createdBy: actor, createdAt: now, updatedAt: now })
    .returning();
  await insertRecipients(db, row.id, userIds, row.effectiveAt);
  // A new personal mail is in no process's memory yet; a new global or comeback mail must be compiled.
  return mailDetail(db, row, now);
}

export async function getMailRow(db: Db, id: number, scope?: MailScope, lock = false): Promise<MailRow> {
  const query = db.select().from(mails).where(eq(mails.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || (scope && row.scope !== scope)) throw notFound('mail.notFound');
  return row;
}

export async function mailDetail(db: Db, row: MailRow, now: Date) {
  const [[counts], recipients] = await Promise.all([
    db
      .select({
        read: sql<number>`count(${playerMails.readAt})::int`,
        claimed: sql<number>`count(${playerMails.claimedAt})::int`,
      })
      .from(playerMails)
      .where(eq(playerMails.mailId, row.id)),
    row.scope === 'personal'
      ? db
          .select({ userId: playerMails.userId })
          .from(playerMails)
          .where(eq(playerMails.mailId, row.id))
          .orderBy(playerMails.userId)
      : Promise.resolve(null),
  ]);
  return {
    ...toMail(row, now),
    userIdInput: recipients ? recipients.map((r) => r.userId).join('\n') : null,
    readCount: counts?.read ?? 0,
    claimedCount: counts?.claimed ?? 0,
  };
}

/** The fields an active mail keeps: what players may already have claimed or been selected by. */
const lockedOnceActive = ['reward', 'conditions', 'effectiveAt', 'notLoginDays', 'maxTimes', 'recipients'] as const;

export async function updateMail(db: Db, id: number, body: MailBody, locale: Locale, now: Date) {
  const before = await getMailRow(db, id, undefined, true);
  if (body.mailScope !== before.scope) throw badRequest('mail.scopeMismatch', 'mailScope');
  const state = mailState(before, now);
  if (state === 'recalled') throw conflict('mail.recalled');
  if (state === 'expired') throw conflict('mail.expired');
  const { values, userIds } = await resolveMail(db, body, now, locale);
  if (state === 'active') {
    // Started: players may have it already. Keep what they were given and who was selected.
    const oldIds = before.scope === 'personal' ? await recipientIds(db, id) : [];
    const same = {
      reward: JSON.stringify(values.reward) === JSON.stringify(before.reward),
      conditions: JSON.stringify(values.conditions) === JSON.stringify(before.conditions),
      effectiveAt: body.effectiveAt === undefined || values.effectiveAt.getTime() === before.effectiveAt.getTime(),
      notLoginDays: values.notLoginDays === before.notLoginDays,
      maxTimes: values.maxTimes === before.maxTimes,
      recipients: userIds.length === oldIds.length && userIds.every((u) => oldIds.includes(u)),
    };
    const changed = lockedOnceActive.find((f) => !same[f]);
    if (changed) throw conflict('mail.lockedAfterStart', changed === 'recipients' ? 'userIdInput' : changed);
    values.effectiveAt = before.effectiveAt;
  }
  const [after] = await db
    .update(mails)
    .set({ ...values, updatedAt: now })
    .where(eq(mails.id, id))
    .returning();
  if (state === 'scheduled' && after.scope === 'personal') {
    await db.delete(playerMails).where(eq(playerMails.mailId, id));
    await insertRecipients(db, id, userIds, after.effectiveAt);
  }
  return { before: toMail(before, now), after: await mailDetail(db, after, now) };
}

async function recipientIds(db: Db, mailId: number): Promise<number[]> {
  const rows = await db.select({ userId: playerMails.userId }).from(playerMails).where(eq(playerMails.mailId, mailId));
  return rows.map((r) => r.userId);
}

/** Recall: the mail leaves every mailbox where it is unclaimed; its row and claims stay as history. */
export async function recallMail(db: Db, id: number, scope: MailScope | undefined, actor: string | null, now: Date) {
  const before = await getMailRow(db, id, scope, true);
  if (before.recalledAt) throw conflict('mail.recalled');
  const [after] = await db
    .update(mails)
    .set({ recalledAt: now, recalledBy: actor, updatedAt: now })
    .where(eq(mails.id, id))
    .returning();
  return { before: toMail(before, now), after: toMail(after, now) };
}

function stateFilter(state: MailState, now: Date): SQL {
  switch (state) {
    case 'recalled':
      return isNotNull(mails.recalledAt);
    case 'expired':
      return and(isNull(mails.recalledAt), lte(mails.expireAt, now))!;
    case 'scheduled':
      return and(isNull(mails.recalledAt), gt(mails.effectiveAt, now), gt(mails.expireAt, now))!;
    case 'active':
      return and(isNull(mails.recalledAt), lte(mails.effectiveAt, now), gt(mails.expireAt, now))!;
  }
}

export async function listMails(
  db: Db,
  q: PageInput & { scopes: MailScope[]; state?: MailState; title?: string },
  now: Date,
) {
  const filters = [
    inArray(mails.scope, q.scopes),
    q.state ? stateFilter(q.state, now) : undefined,
    q.title ? sql`${mails.title}::text ilike ${containsPattern(q.title)}` : undefined,
  ];
  const page = await paginate(db, { from: mails, filters, orderBy: [desc(mails.id)], ...q });
  return asList(page, (r) => toMail(r, now));
}
