import { bigserial, index, integer, jsonb, pgTable, primaryKey, real, serial, text } from 'drizzle-orm/pg-core';
import { at } from './columns.js';

/** The system log: one row per mutating console call (and per console action on a player). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    actorId: integer(),
    actor: text(),
    action: text().notNull(),
    target: text(),
    before: jsonb(),
    after: jsonb(),
    ip: text(),
    at: at().notNull(),
  },
  (t) => [
    index().on(t.at),
    index().on(t.actor, t.at),
    index().on(t.action, t.at),
    // `entity:id` targets: one record's changes (equality) and one entity's (prefix LIKE).
    index('audit_log_target_idx').using('btree', t.target.op('text_pattern_ops'), t.at),
  ],
);

/**
 * One row per console API call. Written in batches off the request path. Partitioned by day of
 * `at` (migration 0018; `platform/db/partitions.ts`): expired days are dropped whole.
 */
export const accessLog = pgTable(
  'access_log',
  {
    id: bigserial({ mode: 'number' }).notNull(),
    method: text().notNull(),
    path: text().notNull(),
    status: integer().notNull(),
    ms: real().notNull(),
    actor: text(),
    ip: text(),
    at: at().notNull(),
  },
  (t) => [primaryKey({ columns: [t.at, t.id] }), index().on(t.at)],
);

/** Mail the server would send, kept when no SMTP is configured (and always as a record). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial().primaryKey(),
    to: text().notNull(),
    subject: text().notNull(),
    body: text().notNull(),
    createdAt: at().notNull(),
    sentAt: at(),
  },
  (t) => [index().on(t.to, t.createdAt)],
);

/** Small server-wide settings (the game key's hash, feature switches). */
export const serverSettings = pgTable('server_settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: at().notNull(),
});
