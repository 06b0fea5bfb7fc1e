/**
 * How the kit shows its stored rows: an item and a version as the console API answers them (secret
 * fields masked). Below `service.ts` (which saves and reads) and `list.ts` (which pages and exports),
 * which both answer with them.
 */
import type { Resource } from '@rookery/contracts';
import type { z } from 'zod';
import type { resourceItems, resourceVersions } from './tables.js';

/** Any declared resource. */
export type AnyResource = Resource<string, z.ZodObject, boolean, boolean>;
/** A stored item row and a stored version row. */
export type ItemRow = typeof resourceItems.$inferSelect;
export type VersionRow = typeof resourceVersions.$inferSelect;
type Doc = Record<string, unknown>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A document as a read shows it: each secret field `set` or `notSet`, never its value. */
export function maskSecrets(document: Doc, secret: readonly string[] | undefined): Doc {
  if (!secret?.length) return document;
  const out = { ...document };
  for (const f of secret) out[f] = document[f] === undefined || document[f] === null ? 'notSet' : 'set';
  return out;
}

/** A document without its secret fields (what a version keeps). */
export function withoutSecrets(document: Doc, secret: readonly string[] | undefined): Doc {
  if (!secret?.length) return document;
  return Object.fromEntries(Object.entries(document).filter(([k]) => !secret.includes(k)));
}

/**
 * An item as the console API answers it: the document's fields (a secret as `set` / `notSet`:
 * pass the resource when it declares secrets) and the kit's.
 */
export const itemView = (row: ItemRow, r?: Pick<AnyResource, 'secret'>) => ({
  ...maskSecrets(row.document, r?.secret),
  version: row.version,
  effectiveAt: iso(row.effectiveAt),
  expireAt: iso(row.expireAt),
  createdBy: row.createdBy,
  updatedBy: row.updatedBy,
  updatedAt: row.updatedAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

export type ItemView = ReturnType<typeof itemView> & Record<string, unknown>;

/** A stored version as the console API answers it. */
export const versionView = (row: VersionRow) => ({
  version: row.version,
  author: row.author,
  comment: row.comment,
  at: row.at.toISOString(),
  restoredFrom: row.restoredFrom,
  effectiveAt: iso(row.effectiveAt),
  expireAt: iso(row.expireAt),
  document: row.document,
});
