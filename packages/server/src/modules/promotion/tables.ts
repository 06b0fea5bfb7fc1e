import { bigserial, date, index, integer, numeric, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { at } from '../../platform/db/columns.js';

/**
 * Promotion daily records (spec §3): what one ad account spent on one medium for one country
 * (and, for China, optionally one province) on one UTC day, and the installs it reported. One row
 * per (day, media, account, country, province): entering or importing the same key again
 * replaces the figures, the way ad platforms correct theirs.
 */
export const promotionRecords = pgTable(
  'promotion_records',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    date: date({ mode: 'string' }).notNull(),
    mediaName: text().notNull(),
    mediaId: text().notNull(),
    agency: text().notNull(),
    accountId: text().notNull(),
    accountName: text().notNull(),
    countryCode: text().notNull(),
    /** A province of China (6-digit division code), or null. */
    regionCode: text(),
    spend: numeric({ precision: 16, scale: 4 }).notNull(),
    install: integer().notNull(),
    /** The import that last wrote the row, when one did. */
    importId: integer(),
    createdBy: text(),
    createdAt: at().notNull(),
    updatedAt: at().notNull(),
  },
  (t) => [
    unique('promotion_records_key').on(t.date, t.mediaId, t.accountId, t.countryCode, t.regionCode).nullsNotDistinct(),
    index('promotion_records_date_idx').on(t.date.desc(), t.id.desc()),
    index('promotion_records_media_idx').on(t.mediaId, t.date),
    index('promotion_records_agency_idx').on(t.agency, t.date),
  ],
);

/** One CSV import: who, which file, what it came to (the audit entry names it). */
export const promotionImports = pgTable('promotion_imports', {
  id: bigserial({ mode: 'number' }).primaryKey(),
  fileName: text(),
  rows: integer().notNull(),
  created: integer().notNull(),
  updated: integer().notNull(),
  skipped: integer().notNull(),
  importedBy: text(),
  importedAt: at().notNull(),
});
