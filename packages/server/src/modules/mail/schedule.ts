import type { MailScope } from '@rookery/contracts';
import { and, asc, count, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { mails } from './tables.js';
import { pickText } from './views.js';

/**
 * Mails of `scopes` not yet in force (not recalled, opening after `now`), and the first `limit`
 * of them that open within `withinHours`, soonest first, titled in `language`.
 */
export async function scheduledMails(
  db: Db,
  q: { scopes: readonly MailScope[]; now: Date; withinHours: number; limit: number; language: string },
) {
  if (q.scopes.length === 0) return { scheduled: 0, startingSoon: [] };
  // A mail not yet open has not expired either: the live-mail index (unrecalled, by expiry) finds it.
  const pending = and(
    inArray(mails.scope, [...q.scopes]),
    isNull(mails.recalledAt),
    gt(mails.expireAt, q.now),
    gt(mails.effectiveAt, q.now),
  );
  const soon = new Date(q.now.getTime() + q.withinHours * 3_600_000);
  const [[{ n }], rows] = await Promise.all([
    db.select({ n: count() }).from(mails).where(pending),
    db
      .select()
      .from(mails)
      .where(and(pending, lte(mails.effectiveAt, soon)))
      .orderBy(asc(mails.effectiveAt), asc(mails.id))
      .limit(q.limit),
  ]);
  return {
    scheduled: n,
    startingSoon: rows.map((r) => ({
      id: r.id,
      scope: r.scope as MailScope,
      title: pickText(r.title, q.language).text,
      startsAt: r.effectiveAt,
      endsAt: r.expireAt,
    })),
  };
}
