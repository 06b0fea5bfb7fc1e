import {
  type ConditionRule,
  GIFT_CODE_PLACEHOLDER,
  type Locale,
  MAX_COMEBACK_CODE_MAILS,
  mailBodySchema,
} from '@rookery/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { badRequest } from '../../platform/http/errors.js';
import { createMail } from '../mail/mails.js';
import { audiencePlayerIds } from '../players/audience.js';
import type { BatchRow } from './batches.js';
import { giftCodes } from './tables.js';

/** Players counted for the confirmation, at most (a larger audience says "100,000"). */
const COUNT_CAP = 100_000;

interface Audience {
  notLoginDays?: number;
  conditions: ConditionRule[];
}

/**
 * The players away `notLoginDays` or more whom the conditions select now (the condition engine's
 * rule `notLoginDays ≥ N`, compiled to SQL by the players area), leaving out those who already
 * hold a code of this batch, lowest ID first.
 */
function audience(db: Db, batch: BatchRow, a: Audience, now: Date, limit: number) {
  const rules: ConditionRule[] = [...a.conditions, { attr: 'notLoginDays', op: 'gte', value: a.notLoginDays ?? 1 }];
  const holders = sql`select ${giftCodes.assignedTo} from ${giftCodes}
    where ${giftCodes.batchId} = ${batch.id} and ${giftCodes.assignedTo} is not null`;
  return audiencePlayerIds(db, rules, now, { limit, except: holders });
}

const free = (batchId: number) =>
  and(
    eq(giftCodes.batchId, batchId),
    isNull(giftCodes.usedBy),
    isNull(giftCodes.disabledAt),
    isNull(giftCodes.assignedTo),
  );

async function codesLeft(db: Db, batchId: number): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(giftCodes).where(free(batchId));
  return Number(n);
}

/** What a send would do now: players selected (without a code of the batch yet) and codes left. */
export async function previewComeback(db: Db, batch: BatchRow, a: Audience, now: Date) {
  if (batch.kind !== 'unique') throw badRequest('giftCode.notUnique', 'batchId');
  const [ids, left] = await Promise.all([audience(db, batch, a, now, COUNT_CAP), codesLeft(db, batch.id)]);
  const sent = Math.min(ids.length, left, MAX_COMEBACK_CODE_MAILS);
  return { players: ids.length, codesLeft: left, sent, withoutCode: ids.length - sent };
}

/**
 * Bind a code to each selected player and send them a personal mail whose text carries it. The
 * code is bound at send (`assigned_to`, taken with SKIP LOCKED so two sends never hand out one
 * code), so the mail can say it and only that player may redeem it; a player who holds a code of
 * the batch is not selected again. Up to MAX_COMEBACK_CODE_MAILS players a send; the answer says
 * how many were left without a code.
 */
export async function sendComeback(
  db: Db,
  batch: BatchRow,
  body: Audience & {
    title: Record<string, string | undefined>;
    content: Record<string, string | undefined>;
    expireAt: string;
  },
  actor: string | null,
  locale: Locale,
  now: Date,
) {
  if (batch.kind !== 'unique') throw badRequest('giftCode.notUnique', 'batchId');
  const ids = await audience(db, batch, body, now, COUNT_CAP);
  const left = await codesLeft(db, batch.id);
  const n = Math.min(ids.length, left, MAX_COMEBACK_CODE_MAILS);
  const codes = await db
    .select({ code: giftCodes.code })
    .from(giftCodes)
    .where(free(batch.id))
    .orderBy(giftCodes.code)
    .limit(n)
    .for('update', { skipLocked: true });
  const title = Object.fromEntries(Object.entries(body.title).filter(([, v]) => v));
  for (let i = 0; i < codes.length; i++) {
    const { code } = codes[i];
    const userId = ids[i];
    await db.update(giftCodes).set({ assignedTo: userId, assignedAt: now }).where(eq(giftCodes.code, code));
    const content = Object.fromEntries(
      Object.entries(body.content)
        .filter(([, v]) => v)
        .map(([lang, text]) => [lang, text!.replaceAll(GIFT_CODE_PLACEHOLDER, code)]),
    );
    await createMail(
      db,
      mailBodySchema.parse({
        mailScope: 'personal',
        title,
        content,
        userIdInput: String(userId),
        expireAt: body.expireAt,
      }),
      actor,
      locale,
      now,
    );
  }
  return {
    players: ids.length,
    codesLeft: left - codes.length,
    sent: codes.length,
    withoutCode: ids.length - codes.length,
  };
}
