import { z } from 'zod';
import { canonicalCountry } from '../../conditions.js';
import { endpoint, endpointTable } from '../../endpoint.js';
import { blankToUndefined, idParams, isoDate } from '../../fields.js';
import { legacyPagedList, legacyPageQuery } from '../../http.js';
import { text } from '../../text.js';

/**
 * Promotion daily records (spec §3, §7: the wire names are the spec's snake_case ones), their
 * CSV import, the spend / installs / revenue summary the screen charts, and China's region data
 * (spec §3) the record's province picker reads.
 */

/** `2026-03-05`, `2026/3/5` → `2026-03-05` when it is a real calendar day; else null. */
export function normalizeDay(input: string): string | null {
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(input.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== mo - 1 || t.getUTCDate() !== d) return null;
  return t.toISOString().slice(0, 10);
}

/** The earliest day a record may be for. */
export const FIRST_PROMOTION_DAY = '2000-01-01';

/** A UTC calendar day, `YYYY-MM-DD` (the separator may be `/`, the month and day one digit). */
export const daySchema = z
  .string({ error: 'promotion.date' })
  .transform((s, ctx) => {
    const day = normalizeDay(s);
    if (!day) {
      ctx.addIssue({ code: 'custom', message: 'promotion.date' });
      return z.NEVER;
    }
    return day;
  })
  .refine((d) => d >= FIRST_PROMOTION_DAY, { error: 'promotion.dateTooEarly' });
const optionalDay = z.preprocess(blankToUndefined, daySchema.optional());

/** Money as the ad platforms report it: not negative, at most 4 decimals, no thousands separators. */
export const MAX_PROMOTION_SPEND = 10_000_000_000;
const spendSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: 'promotion.spend' })
    .refine((n) => Number.isFinite(n), { error: 'promotion.spend', abort: true })
    .refine((n) => n >= 0, { error: 'promotion.spendNegative', abort: true })
    .refine((n) => n <= MAX_PROMOTION_SPEND && Math.round(n * 10_000) / 10_000 === n, { error: 'promotion.spend' }),
);
const installSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: 'promotion.install' })
    .int({ error: 'promotion.install' })
    .min(0, { error: 'promotion.install' })
    .max(1_000_000_000, { error: 'promotion.install' }),
);
const countrySchema = z.string({ error: 'promotion.country' }).transform((s, ctx) => {
  const c = canonicalCountry(s);
  if (!c) {
    ctx.addIssue({ code: 'custom', message: 'promotion.country' });
    return z.NEVER;
  }
  return c;
});
/** A region code of China: 6 digits (the server checks it names a province). */
export const regionCodeSchema = z
  .string({ error: 'promotion.region' })
  .trim()
  .regex(/^\d{6}$/, { error: 'promotion.region' });

/** One daily record as the operator writes it (the form, and each row of a CSV file). */
export const promotionRecordBodySchema = z
  .object({
    date: daySchema,
    media_name: text({ max: 100, required: 'promotion.mediaNameRequired' }),
    media_id: text({ max: 100, required: 'promotion.mediaIdRequired' }),
    agency: text({ max: 100, required: 'promotion.agencyRequired' }),
    account_id: text({ max: 100, required: 'promotion.accountIdRequired' }),
    account_name: text({ max: 100, required: 'promotion.accountNameRequired' }),
    country_code: countrySchema,
    /** A province of China (its 6-digit code), for a record whose country is CN; else none. */
    region_code: z.preprocess(blankToUndefined, regionCodeSchema.optional()),
    spend: spendSchema,
    install: installSchema,
  })
  .superRefine((r, ctx) => {
    if (r.region_code && r.country_code !== 'CN')
      ctx.addIssue({ code: 'custom', path: ['region_code'], message: 'promotion.regionOnlyChina' });
  });
export type PromotionRecordBody = z.infer<typeof promotionRecordBodySchema>;

/** The CSV file's columns: the record's wire names; `region_code` may be left out. */
export const promotionCsvColumns = [
  'date',
  'media_name',
  'media_id',
  'agency',
  'account_id',
  'account_name',
  'country_code',
  'spend',
  'install',
] as const;
export const promotionCsvOptionalColumns = ['region_code'] as const;
/** Most data rows one import takes (a bigger file is refused whole, with this number). */
export const MAX_PROMOTION_CSV_ROWS = 20_000;
/** Most characters of one CSV file (the request's limit is 5 MB). */
export const MAX_PROMOTION_CSV_CHARS = 4_000_000;

export const promotionRecordSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  media_name: z.string(),
  media_id: z.string(),
  agency: z.string(),
  account_id: z.string(),
  account_name: z.string(),
  country_code: z.string(),
  region_code: z.string().nullable(),
  /** The province's name in Chinese, when the record names one. */
  region_name: z.string().nullable(),
  spend: z.number(),
  install: z.number().int(),
  created_by: z.string().nullable(),
  created_at: isoDate,
});
export type PromotionRecord = z.input<typeof promotionRecordSchema>;

const filterText = (max = 100) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());
const promotionFilter = {
  media_id: filterText(),
  agency: filterText(),
  begin: optionalDay,
  end: optionalDay,
  /** Beside the spec's filters: one country. */
  country_code: z.preprocess(blankToUndefined, countrySchema.optional()),
};
const rangeChecked = <T extends { begin?: string; end?: string }>(q: T, ctx: z.RefinementCtx) => {
  if (q.begin && q.end && q.end < q.begin)
    ctx.addIssue({ code: 'custom', path: ['end'], message: 'promotion.endBeforeBegin' });
};

export const mediaSchema = z.object({
  media_id: z.string(),
  media_name: z.string(),
  agency: z.string(),
  account_id: z.string(),
  account_name: z.string(),
  records: z.number().int(),
  first_date: z.string(),
  last_date: z.string(),
});

/** One bad row of a CSV file: its line in the file (the header is line 1), the column, why. */
export const csvRowErrorSchema = z.object({
  row: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});

/** What an import found and did. */
export const promotionImportReportSchema = z.object({
  /** Data rows in the file. */
  rows: z.number().int(),
  goodRows: z.number().int(),
  badRows: z.number().int(),
  /** Rows written: new records, and records of the same day, account, country and province replaced. */
  created: z.number().int(),
  updated: z.number().int(),
  /** The import's number (its audit entry names it); null for a check. */
  importId: z.number().int().nullable(),
  /** The bad rows, at most `MAX_REPORTED_ROW_ERRORS` messages (`badRows` counts them all). */
  errors: z.array(csvRowErrorSchema),
});
export type PromotionImportReport = z.input<typeof promotionImportReportSchema>;
export const MAX_REPORTED_ROW_ERRORS = 500;

const moneySchema = z.object({ currency: z.string(), amount: z.number() });
export const promotionSummarySchema = z.object({
  /** Revenue's currencies, most revenue first: revenue is shown per currency, never converted. */
  currencies: z.array(z.string()),
  totals: z.object({ spend: z.number(), install: z.number().int(), revenue: z.array(moneySchema) }),
  days: z.array(
    z.object({ date: z.string(), spend: z.number(), install: z.number().int(), revenue: z.array(moneySchema) }),
  ),
});
export type PromotionSummary = z.input<typeof promotionSummarySchema>;

export const regionSchema = z.object({
  /** The first letter of the name's pinyin, upper case (the picker groups by it). */
  letter: z.string(),
  name: z.string(),
  code: z.string(),
  /** `86` for a province; the province's code for a city. */
  parent: z.string(),
});
export type Region = z.infer<typeof regionSchema>;

const csvBody = z.object({
  csv: z.string({ error: 'promotion.csvEmpty' }),
  fileName: z.preprocess(blankToUndefined, text({ max: 200 }).optional()),
});

const ok = z.object({ ok: z.literal(true) });
const write = { permission: ['promotionEdit'] } as const;
const listed = ['listPromotionRecords', 'listMedia', 'promotionSummary'] as const;

export const promotionEndpoints = /*#__PURE__*/ endpointTable({
  listPromotionRecords: endpoint({
    method: 'GET',
    path: '/api/v1/promotion',
    summary: 'Promotion daily records, newest day first, filtered by media, agency, days (and country)',
    permission: ['promotionQuery'],
    query: legacyPageQuery.extend(promotionFilter).superRefine(rangeChecked),
    response: legacyPagedList(promotionRecordSchema),
  }),
  createPromotionRecord: endpoint({
    method: 'POST',
    path: '/api/v1/promotion',
    summary:
      "One daily record; a record of the same day, account, country and province is replaced (the ad platform's corrected figures)",
    ...write,
    auditTarget: 'promotionRecord',
    body: promotionRecordBodySchema,
    response: promotionRecordSchema,
    invalidates: listed,
  }),
  deletePromotionRecord: endpoint({
    method: 'DELETE',
    path: '/api/v1/promotion/:id',
    summary: 'Delete one daily record',
    ...write,
    auditTarget: 'promotionRecord',
    params: idParams,
    response: ok,
    invalidates: listed,
  }),
  listMedia: endpoint({
    method: 'GET',
    path: '/api/v1/media',
    summary: 'The media, agencies and accounts the records name, with their number of records and days',
    permission: ['promotionQuery', 'promotionEdit'],
    query: z.object({ media_id: filterText(), agency: filterText(), account_id: filterText() }),
    response: z.array(mediaSchema),
  }),
  checkPromotionCsv: endpoint({
    method: 'POST',
    path: '/api/v1/promotion/import/check',
    summary: 'Read a CSV file of daily records and answer the per-row report, importing nothing',
    permission: ['promotionEdit'],
    readOnly: true,
    body: csvBody,
    response: promotionImportReportSchema,
  }),
  importPromotionCsv: endpoint({
    method: 'POST',
    path: '/api/v1/promotion/import',
    summary:
      'Import daily records from a CSV file in one transaction; refused (400, the report as data) while any row is bad, unless goodRowsOnly',
    ...write,
    auditTarget: 'promotionImport',
    body: csvBody.extend({
      /** Import the good rows and leave out the bad ones (the operator chose to, after the report). */
      goodRowsOnly: z.boolean().default(false),
    }),
    response: promotionImportReportSchema,
    invalidates: listed,
  }),
  promotionSummary: endpoint({
    method: 'GET',
    path: '/api/v1/promotion/summary',
    summary:
      "Spend and installs of the filtered records by day, and revenue by install day (delivered orders not refunded, of players installed that day in the records' countries), per currency",
    permission: ['promotionQuery'],
    query: z.object(promotionFilter).superRefine(rangeChecked),
    response: promotionSummarySchema,
  }),
  listRegions: endpoint({
    method: 'GET',
    path: '/api/v1/regions',
    summary: "China's administrative divisions under a parent: the provinces (parent 86) or a province's cities",
    permission: true,
    query: z.object({
      parent: z.preprocess(
        blankToUndefined,
        z
          .string()
          .regex(/^(86|\d{6})$/, { error: 'promotion.regionParent' })
          .default('86'),
      ),
    }),
    response: z.array(regionSchema),
  }),
});
