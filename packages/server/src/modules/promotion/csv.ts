import {
  type Locale,
  MAX_PROMOTION_CSV_CHARS,
  MAX_PROMOTION_CSV_ROWS,
  MAX_REPORTED_ROW_ERRORS,
  type PromotionImportReport,
  type PromotionRecordBody,
  promotionCsvColumns,
  promotionCsvOptionalColumns,
  promotionRecordBodySchema,
  translate,
} from '@rookery/contracts';
import { CsvError, parse } from 'csv-parse/sync';
import { AppError, badRequest, fieldErrors } from '../../platform/http/errors.js';
import { recordProblem } from './records.js';

/** One row of the file: its line (the header is line 1) and the record, when it is good. */
export interface ReadRow {
  line: number;
  record?: PromotionRecordBody;
}

export interface ReadFile {
  report: PromotionImportReport;
  good: { line: number; record: PromotionRecordBody }[];
}

const known = new Set<string>([...promotionCsvColumns, ...promotionCsvOptionalColumns]);
const keyOf = (r: PromotionRecordBody) =>
  [r.date, r.media_id, r.account_id, r.country_code, r.region_code ?? ''].join('\u0000');

/**
 * Reads a CSV file of daily records (`csv-parse`: quotes, a UTF-8 BOM, CRLF) and checks every row
 * as the form is checked, plus the day not after today, the province, and no key twice in the
 * file. A file that cannot be a list of records at all (empty, wrong header, too big, broken
 * quotes) is refused whole; bad rows are reported one by one, in the operator's language.
 */
export function readPromotionCsv(csv: string, locale: Locale, now: Date): ReadFile {
  if (csv.length > MAX_PROMOTION_CSV_CHARS)
    throw new AppError(400, 'promotion.csvTooLarge', { vars: { max: `${MAX_PROMOTION_CSV_CHARS / 1_000_000} MB` } });
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(csv, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
    }) as never;
  } catch (err) {
    if (err instanceof CsvError)
      throw new AppError(400, 'promotion.csvUnreadable', { vars: { line: (err as { lines?: number }).lines ?? 1 } });
    throw err;
  }
  const [head, ...body] = records;
  if (!head || body.length === 0) throw badRequest('promotion.csvEmpty');
  if (body.length > MAX_PROMOTION_CSV_ROWS)
    throw new AppError(400, 'promotion.csvTooManyRows', {
      vars: { rows: body.length.toLocaleString('en-US'), max: MAX_PROMOTION_CSV_ROWS.toLocaleString('en-US') },
    });

  const columns = head.record.map((c) =>
    c
      .replace(/^\uFEFF/, '')
      .trim()
      .toLowerCase(),
  );
  const seen = new Set<string>();
  for (const c of columns) {
    if (seen.has(c)) throw new AppError(400, 'promotion.csvDuplicateColumn', { vars: { column: c } });
    seen.add(c);
  }
  const missing = promotionCsvColumns.filter((c) => !seen.has(c));
  const unknown = columns.filter((c) => !known.has(c));
  if (missing.length || unknown.length) {
    const none = translate('promotion.noColumns', locale);
    throw new AppError(400, 'promotion.csvHeader', {
      vars: {
        missing: missing.join(', ') || none,
        unknown: unknown.map((c) => c || '""').join(', ') || none,
        expected: [...promotionCsvColumns, ...promotionCsvOptionalColumns].join(','),
      },
    });
  }

  const errors: PromotionImportReport['errors'] = [];
  const good: ReadFile['good'] = [];
  const firstLine = new Map<string, number>();
  let badRows = 0;
  const fail = (line: number, column: string | null, message: string) => {
    if (errors.length < MAX_REPORTED_ROW_ERRORS) errors.push({ row: line, column, message });
  };
  for (const { record, info } of body) {
    const line = info.lines;
    if (record.length !== columns.length) {
      badRows++;
      fail(
        line,
        null,
        translate('promotion.csvColumnCount', locale, { found: record.length, expected: columns.length }),
      );
      continue;
    }
    const raw = Object.fromEntries(columns.map((c, i) => [c, record[i]]));
    const parsed = promotionRecordBodySchema.safeParse(raw);
    if (!parsed.success) {
      badRows++;
      const fields = fieldErrors(parsed.error, locale);
      // One message per column: the first the schema found.
      const once = new Map(fields.reverse().map((f) => [f.field, f.message]));
      for (const [field, message] of [...once].reverse()) fail(line, field || null, message);
      continue;
    }
    const problem = recordProblem(parsed.data, now);
    if (problem) {
      badRows++;
      fail(line, problem.field, translate(problem.key, locale));
      continue;
    }
    const key = keyOf(parsed.data);
    const before = firstLine.get(key);
    if (before !== undefined) {
      badRows++;
      fail(line, null, translate('promotion.csvDuplicateRow', locale, { row: before }));
      continue;
    }
    firstLine.set(key, line);
    good.push({ line, record: parsed.data });
  }
  return {
    report: {
      rows: body.length,
      goodRows: good.length,
      badRows,
      created: 0,
      updated: 0,
      importId: null,
      errors,
    },
    good,
  };
}
