import type { PromotionRecordBody } from '@rookery/contracts';
import { and, count, desc, eq, gte, lte, max, min, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { asLegacyList, paginate } from '../../platform/db/paginate.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { province } from './regions.js';
import { promotionRecords } from './tables.js';

export type RecordRow = typeof promotionRecords.$inferSelect;

/** The record as the API answers it (the spec's snake_case names). */
export const toRecord = (r: RecordRow) => ({
  id: r.id,
  date: r.date,
  media_name: r.mediaName,
  media_id: r.mediaId,
  agency: r.agency,
  account_id: r.accountId,
  account_name: r.accountName,
  country_code: r.countryCode,
  region_code: r.regionCode,
  region_name: r.regionCode ? (province(r.regionCode)?.name ?? null) : null,
  spend: Number(r.spend),
  install: r.install,
  created_by: r.createdBy,
  created_at: r.createdAt,
});

/** Today, the UTC day of the service clock. */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * What the schema cannot know: the day is not after today, the province is one. The message key
 * and the field, or null when the record is good.
 */
export function recordProblem(body: PromotionRecordBody, now: Date): { field: string; key: string } | null {
  if (body.date > utcDay(now)) return { field: 'date', key: 'promotion.dateFuture' };
  if (body.region_code && !province(body.region_code)) return { field: 'region_code', key: 'promotion.region' };
  return null;
}

export interface Filter {
  media_id?: string;
  agency?: string;
  begin?: string;
  end?: string;
  country_code?: string;
}

export const filtersOf = (q: Filter): (SQL | undefined)[] => [
  q.media_id ? eq(promotionRecords.mediaId, q.media_id) : undefined,
  q.agency ? eq(promotionRecords.agency, q.agency) : undefined,
  q.begin ? gte(promotionRecords.date, q.begin) : undefined,
  q.end ? lte(promotionRecords.date, q.end) : undefined,
  q.country_code ? eq(promotionRecords.countryCode, q.country_code) : undefined,
];

export async function listRecords(db: Db, q: Filter & { pageNum: number; pageSize: number }) {
  const page = await paginate(db, {
    from: promotionRecords,
    filters: filtersOf(q),
    orderBy: [desc(promotionRecords.date), desc(promotionRecords.id)],
    page: q.pageNum,
    pageSize: q.pageSize,
  });
  return asLegacyList(page, toRecord);
}

/** The values of a record to write (insert, or replace the one of the same key). */
export function rowValues(body: PromotionRecordBody, by: string | null, now: Date, importId: number | null = null) {
  return {
    date: body.date,
    mediaName: body.media_name,
    mediaId: body.media_id,
    agency: body.agency,
    accountId: body.account_id,
    accountName: body.account_name,
    countryCode: body.country_code,
    regionCode: body.region_code ?? null,
    spend: String(body.spend),
    install: body.install,
    importId,
    createdBy: by,
    createdAt: now,
    updatedAt: now,
  };
}

/** The columns a repeated key replaces (its creation stays). */
export const replaced = {
  mediaName: sql`excluded.media_name`,
  agency: sql`excluded.agency`,
  accountName: sql`excluded.account_name`,
  spend: sql`excluded.spend`,
  install: sql`excluded.install`,
  importId: sql`excluded.import_id`,
  updatedAt: sql`excluded.updated_at`,
};
export const recordKey = [
  promotionRecords.date,
  promotionRecords.mediaId,
  promotionRecords.accountId,
  promotionRecords.countryCode,
  promotionRecords.regionCode,
];

/** Enter one record; the record of the same key, if any, is replaced. Before (if replaced) and after. */
export async function saveRecord(db: Db, body: PromotionRecordBody, by: string, now: Date) {
  const problem = recordProblem(body, now);
  if (problem) throw badRequest(problem.key, problem.field);
  const [before] = await db
    .select()
    .from(promotionRecords)
    .where(
      and(
        eq(promotionRecords.date, body.date),
        eq(promotionRecords.mediaId, body.media_id),
        eq(promotionRecords.accountId, body.account_id),
        eq(promotionRecords.countryCode, body.country_code),
        body.region_code
          ? eq(promotionRecords.regionCode, body.region_code)
          : sql`${promotionRecords.regionCode} is null`,
      ),
    )
    .for('update');
  const [after] = await db
    .insert(promotionRecords)
    .values(rowValues(body, by, now))
    .onConflictDoUpdate({ target: recordKey, set: replaced })
    .returning();
  return { before: before ? toRecord(before) : undefined, after: toRecord(after!) };
}

export async function deleteRecord(db: Db, id: number) {
  const [row] = await db.delete(promotionRecords).where(eq(promotionRecords.id, id)).returning();
  if (!row) throw notFound('promotion.notFound');
  return toRecord(row);
}

/** The media, agencies and accounts the records name (spec: `GET /media`). */
export async function listMedia(db: Db, q: { media_id?: string; agency?: string; account_id?: string }) {
  const r = promotionRecords;
  const rows = await db
    .select({
      media_id: r.mediaId,
      media_name: sql<string>`max(${r.mediaName})`,
      agency: r.agency,
      account_id: r.accountId,
      account_name: sql<string>`max(${r.accountName})`,
      records: count(),
      first_date: min(r.date),
      last_date: max(r.date),
    })
    .from(r)
    .where(
      and(
        q.media_id ? eq(r.mediaId, q.media_id) : undefined,
        q.agency ? eq(r.agency, q.agency) : undefined,
        q.account_id ? eq(r.accountId, q.account_id) : undefined,
      ),
    )
    .groupBy(r.mediaId, r.agency, r.accountId)
    .orderBy(r.mediaId, r.agency, r.accountId)
    .limit(1000);
  return rows.map((m) => ({ ...m, first_date: m.first_date ?? '', last_date: m.last_date ?? '' }));
}
