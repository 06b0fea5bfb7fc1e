import type { Locale, PromotionImportReport } from '@rookery/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { readPromotionCsv } from './csv.js';
import { recordKey, replaced, rowValues } from './records.js';
import { promotionImports, promotionRecords } from './tables.js';

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters (15 a row). */
const CHUNK = 1000;

/**
 * Imports a CSV file's records in the caller's transaction. While any row is bad nothing is
 * written and the answer is a refusal carrying the report, unless the operator chose to import
 * the good rows; a key already stored is replaced (counted as updated).
 */
export async function importPromotionCsv(
  db: Db,
  input: { csv: string; fileName?: string; goodRowsOnly: boolean },
  by: string,
  locale: Locale,
  now: Date,
): Promise<PromotionImportReport> {
  const { report, good } = readPromotionCsv(input.csv, locale, now);
  if (report.badRows > 0 && !input.goodRowsOnly)
    throw new AppError(400, 'promotion.csvBadRows', {
      vars: { bad: report.badRows, good: report.goodRows },
      data: report,
    });
  if (good.length === 0) throw new AppError(400, 'promotion.csvNoGoodRows', { data: report });
  const [entry] = await db
    .insert(promotionImports)
    .values({
      fileName: input.fileName ?? null,
      rows: report.rows,
      created: 0,
      updated: 0,
      skipped: report.badRows,
      importedBy: by,
      importedAt: now,
    })
    .returning({ id: promotionImports.id });
  let created = 0;
  for (let i = 0; i < good.length; i += CHUNK) {
    const written = await db
      .insert(promotionRecords)
      .values(good.slice(i, i + CHUNK).map((g) => rowValues(g.record, by, now, entry!.id)))
      .onConflictDoUpdate({ target: recordKey, set: replaced })
      // A row the statement inserted has no xmax; one it updated has.
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    created += written.filter((w) => w.inserted).length;
  }
  const updated = good.length - created;
  await db.update(promotionImports).set({ created, updated }).where(eq(promotionImports.id, entry!.id));
  return { ...report, created, updated, importId: entry!.id };
}
