import { Readable } from 'node:stream';
import { giftCodeStateLabels, type Locale } from '@rookery/contracts';
import { stringify } from 'csv-stringify';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { asList, type PageInput, paginate } from '../../platform/db/paginate.js';
import { type BatchRow, codeState } from './batches.js';
import { giftCodeBatches, giftCodeRedemptions, giftCodes } from './tables.js';

/** Redemptions by player, by code or of a batch (any of them together), newest first. */
export async function listRedemptions(db: Db, q: PageInput & { userId?: number; code?: string; batchId?: number }) {
  const r = giftCodeRedemptions;
  const page = await paginate<typeof r, Row>(db, {
    from: r,
    filters: [
      q.userId ? eq(r.userId, q.userId) : undefined,
      q.code ? eq(r.code, q.code) : undefined,
      q.batchId ? eq(r.batchId, q.batchId) : undefined,
    ],
    orderBy: [desc(r.id)],
    page: q.page,
    pageSize: q.pageSize,
    select: (d) =>
      d
        .select({
          id: r.id,
          userId: r.userId,
          batchId: r.batchId,
          batchName: giftCodeBatches.name,
          code: r.code,
          rewards: r.rewards,
          redeemedAt: r.redeemedAt,
        })
        .from(r)
        .innerJoin(giftCodeBatches, eq(giftCodeBatches.id, r.batchId)),
  });
  return asList(page);
}
type Row = {
  id: number;
  userId: number;
  batchId: number;
  batchName: string;
  code: string;
  rewards: { kind: string; amount: number }[];
  redeemedAt: Date;
};

/**
 * A unique batch's codes as CSV, streamed: read in code order a chunk at a time (keyset on the
 * batch's index), so memory stays flat whatever the batch's size.
 */
export function exportCodesCsv(db: Db, batch: BatchRow, locale: Locale, chunk = 5000): Readable {
  const c = giftCodes;
  async function* records() {
    yield locale === 'zh-CN'
      ? ['兑换码', '状态', '使用玩家', '使用时间（UTC）']
      : ['Code', 'State', 'Used by', 'Used at (UTC)'];
    let after = '';
    for (;;) {
      const rows = await db
        .select()
        .from(c)
        .where(and(eq(c.batchId, batch.id), gt(c.code, after)))
        .orderBy(asc(c.code))
        .limit(chunk);
      for (const row of rows)
        yield [
          row.code,
          giftCodeStateLabels[codeState(row)][locale],
          row.usedBy ?? '',
          row.usedAt?.toISOString() ?? '',
        ];
      if (rows.length < chunk) return;
      after = rows[rows.length - 1].code;
    }
  }
  const csv = stringify({ bom: true, record_delimiter: 'windows' });
  const source = Readable.from(records());
  source.on('error', (err) => csv.destroy(err));
  return source.pipe(csv);
}
