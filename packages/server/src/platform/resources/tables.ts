import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at } from '../db/columns.js';

/**
 * The resource kit's storage, shared by every resource declared with `defineResource`: one row
 * per item, its document as JSON (validated by the resource's schema before it is written).
 */
export const resourceItems = pgTable(
  'resource_items',
  {
    /** The resource's name: `constant`, `dictionary`, … */
    kind: text().notNull(),
    key: text().notNull(),
    document: jsonb().$type<Record<string, unknown>>().notNull(),
    effectiveAt: at(),
    expireAt: at(),
    /** The current version (versioned kinds) or a save counter. */
    version: integer().notNull(),
    createdAt: at().notNull(),
    createdBy: text(),
    updatedBy: text(),
    updatedAt: at().notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] })],
);

/** The last number given to an item of a kind whose key the kit numbers (`autoKey`): never reused. */
export const resourceKeyCounters = pgTable('resource_key_counters', {
  kind: text().primaryKey(),
  last: integer().notNull(),
});

/** Every save of a versioned item: immutable; kept after the item is deleted. */
export const resourceVersions = pgTable(
  'resource_versions',
  {
    kind: text().notNull(),
    key: text().notNull(),
    version: integer().notNull(),
    document: jsonb().$type<Record<string, unknown>>().notNull(),
    effectiveAt: at(),
    expireAt: at(),
    author: text(),
    comment: text(),
    /** The version this one restored. */
    restoredFrom: integer(),
    at: at().notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key, t.version] })],
);

/** Which items name which (a `text` constant names a dictionary key): checked on delete. */
export const resourceRefs = pgTable(
  'resource_refs',
  {
    kind: text().notNull(),
    key: text().notNull(),
    refKind: text().notNull(),
    refKey: text().notNull(),
    /** The field of the referring document. */
    field: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key, t.refKind, t.refKey, t.field] }), index().on(t.refKind, t.refKey)],
);
