import { auditTarget, type Locale, type ResourceName, resources, uniqueFields } from '@rookery/contracts';
import { and, desc, eq, max, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { asList, type PageInput, paginate } from '../db/paginate.js';
import { AppError, badRequest, conflict, notFound } from '../http/errors.js';
import { type ComputedColumn, type ListQuery, listOrder, listWhere, orderBy, withComputed } from './list.js';
import { resourceItems, resourceKeyCounters, resourceRefs, resourceVersions } from './tables.js';
import { type AnyResource, type ItemRow, itemView, type VersionRow, versionView, withoutSecrets } from './views.js';

type Doc = Record<string, unknown>;

/** A kind's name in the user's language ("常量"), for messages. */
function kindLabel(kind: string, locale: Locale): string {
  const r = (resources as Record<string, AnyResource>)[kind as ResourceName];
  return r ? r.label[locale] : kind;
}

/** The document fields of a create/update body (without the window and the version comment). */
export function bodyDocument(r: AnyResource, body: Doc): Doc {
  return Object.fromEntries(Object.keys(r.schema.shape).map((k) => [k, body[k]]));
}

const itemWhere = (kind: string, key: string) => and(eq(resourceItems.kind, kind), eq(resourceItems.key, key));

export async function findItem(db: Db, kind: string, key: string, lock = false): Promise<ItemRow | undefined> {
  const q = db.select().from(resourceItems).where(itemWhere(kind, key));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function getItem(db: Db, r: AnyResource, key: string, locale: Locale, lock = false): Promise<ItemRow> {
  const row = await findItem(db, r.name, key, lock);
  if (!row) throw new AppError(404, 'resource.notFound', { vars: { label: r.label[locale], key } });
  return row;
}

/** One page of a kind's items: searched, filtered and sorted as declared (`list`), with its computed columns. */
export async function listItems(
  db: Db,
  r: AnyResource,
  q: PageInput & ListQuery,
  opts: { now: Date; computed?: Record<string, ComputedColumn> },
) {
  const page = await paginate(db, {
    from: resourceItems,
    filters: listWhere(r, q, opts.now),
    orderBy: orderBy(listOrder(r, q)),
    page: q.page,
    pageSize: q.pageSize,
  });
  return asList(page, (row) => withComputed(itemView(row, r), opts.computed ?? {}, opts.now));
}

/** The next number of a kind whose key the kit gives (`autoKey`): one row lock, never reused. */
export async function nextKey(db: Db, r: AnyResource): Promise<number> {
  const [{ last }] = await db
    .insert(resourceKeyCounters)
    .values({ kind: r.name, last: 1 })
    .onConflictDoUpdate({ target: resourceKeyCounters.kind, set: { last: sql`${resourceKeyCounters.last} + 1` } })
    .returning({ last: resourceKeyCounters.last });
  return last;
}

/** The text a unique key compares for one field's value (JSON text of a non-string). */
const uniqueText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/**
 * The declared unique keys (a name; a platform and SKU together; a code in any case): another
 * item of the kind holding the same values refuses the save (409). A key with an empty field
 * does not count.
 */
async function checkUnique(db: Db, r: AnyResource, key: string, doc: Doc) {
  if (!r.unique?.length) return;
  // One save of the kind at a time checks and writes, so two cannot take the same key at once.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`resource:${r.name}`}))`);
  for (const u of r.unique) {
    const fields = uniqueFields(u);
    const values = fields.map((f) => doc[f]);
    if (values.some((v) => v === undefined || v === null)) continue;
    const lower = u.normalize === 'lowercase';
    const [taken] = await db
      .select({ key: resourceItems.key })
      .from(resourceItems)
      .where(
        and(
          eq(resourceItems.kind, r.name),
          ...fields.map((f, i) =>
            lower
              ? sql`lower(${resourceItems.document}->>${f}) = lower(${uniqueText(values[i])})`
              : sql`${resourceItems.document}->>${f} = ${uniqueText(values[i])}`,
          ),
          sql`${resourceItems.key} <> ${key}`,
        ),
      )
      .limit(1);
    if (taken) throw conflict(u.message, fields[fields.length - 1]);
  }
}

/** The keys a document names, per reference: each must exist; 400 naming the field otherwise. */
async function checkReferences(db: Db, r: AnyResource, doc: Doc, locale: Locale) {
  const refs: { refKind: string; refKey: string; field: string }[] = [];
  for (const ref of r.references ?? []) {
    for (const refKey of new Set(ref.keys(doc as never))) {
      if (!(await findItem(db, ref.kind, refKey)))
        throw new AppError(400, 'resource.referenceMissingMsg', {
          vars: { kind: kindLabel(ref.kind, locale), key: refKey },
          fields: [{ field: ref.field, message: 'resource.referenceMissing' }],
        });
      refs.push({ refKind: ref.kind, refKey, field: ref.field });
    }
  }
  return refs;
}

export interface SaveInput {
  document: Doc;
  effectiveAt?: string | null;
  expireAt?: string | null;
  comment?: string | null;
  restoredFrom?: number | null;
  actor: string | null;
  /** The service clock's time of the save. */
  now: Date;
  locale: Locale;
  /** create: the key must be free; update: the item must exist; restore: either. */
  mode: 'create' | 'update' | 'restore';
}

/**
 * Write one item: key checks, reference checks, the item row, its references and (versioned)
 * a new immutable version. Returns the item before (null when new) and after, as answered.
 */
export async function saveItem(db: Db, r: AnyResource, key: string, input: SaveInput) {
  const { locale } = input;
  const vars = { label: r.label[locale], key };
  const before = await findItem(db, r.name, key, true);
  if (input.mode === 'create' && before)
    throw new AppError(409, 'resource.keyTaken', {
      vars,
      fields: [{ field: r.key, message: 'resource.keyTakenField' }],
    });
  if (input.mode === 'update' && !before) throw new AppError(404, 'resource.notFound', { vars });
  // A secret left out (an update that did not type it, a restore: versions keep none) stays as stored.
  const document = { ...input.document };
  for (const f of r.secret ?? [])
    if (document[f] === undefined && before?.document[f] !== undefined) document[f] = before.document[f];
  input = { ...input, document };
  await checkUnique(db, r, key, input.document);
  const refs = await checkReferences(db, r, input.document, locale);
  // Versions outlive a deleted item: a re-created key continues its numbering.
  const [{ last }] = r.versioned
    ? await db
        .select({ last: max(resourceVersions.version) })
        .from(resourceVersions)
        .where(and(eq(resourceVersions.kind, r.name), eq(resourceVersions.key, key)))
    : [{ last: null }];
  const version = Math.max(before?.version ?? 0, last ?? 0) + 1;
  const window = {
    effectiveAt: r.window && input.effectiveAt ? new Date(input.effectiveAt) : null,
    expireAt: r.window && input.expireAt ? new Date(input.expireAt) : null,
  };
  const { now } = input;
  const values = { document: input.document, ...window, version, updatedBy: input.actor, updatedAt: now };
  const [row] = before
    ? await db.update(resourceItems).set(values).where(itemWhere(r.name, key)).returning()
    : await db
        .insert(resourceItems)
        .values({ kind: r.name, key, ...values, createdAt: now, createdBy: input.actor })
        .returning();
  await db.delete(resourceRefs).where(and(eq(resourceRefs.kind, r.name), eq(resourceRefs.key, key)));
  if (refs.length > 0) await db.insert(resourceRefs).values(refs.map((ref) => ({ kind: r.name, key, ...ref })));
  if (r.versioned)
    await db.insert(resourceVersions).values({
      kind: r.name,
      key,
      version,
      document: withoutSecrets(input.document, r.secret),
      ...window,
      author: input.actor,
      comment: input.comment || null,
      restoredFrom: input.restoredFrom ?? null,
      at: now,
    });
  return { before: before ? itemView(before, r) : null, after: itemView(row, r) };
}

/** Delete an item: refused (409) while another item names it, saying which. Its versions stay. */
export async function deleteItem(
  db: Db,
  r: AnyResource,
  key: string,
  locale: Locale,
  beforeDelete?: (previous: Doc) => Promise<void>,
) {
  const before = await getItem(db, r, key, locale, true);
  await beforeDelete?.(before.document);
  const referrers = await db
    .select({ kind: resourceRefs.kind, key: resourceRefs.key, field: resourceRefs.field })
    .from(resourceRefs)
    .where(and(eq(resourceRefs.refKind, r.name), eq(resourceRefs.refKey, key)))
    .orderBy(resourceRefs.kind, resourceRefs.key)
    .limit(6);
  if (referrers.length > 0) {
    const named = referrers.slice(0, 5).map((x) => `${kindLabel(x.kind, locale)} ${x.key} (${x.field})`);
    if (referrers.length > 5) named.push('…');
    throw new AppError(409, 'resource.referenced', { vars: { where: named.join(locale === 'zh-CN' ? '、' : ', ') } });
  }
  await db.delete(resourceRefs).where(and(eq(resourceRefs.kind, r.name), eq(resourceRefs.key, key)));
  await db.delete(resourceItems).where(itemWhere(r.name, key));
  return itemView(before, r);
}

export async function listVersions(db: Db, r: AnyResource, key: string, q: PageInput) {
  const page = await paginate(db, {
    from: resourceVersions,
    filters: [eq(resourceVersions.kind, r.name), eq(resourceVersions.key, key)],
    orderBy: [desc(resourceVersions.version)],
    ...q,
  });
  if (page.total === 0) throw notFound('resource.versionNotFound');
  return asList(page, versionView);
}

export async function getVersion(db: Db, r: AnyResource, key: string, version: number): Promise<VersionRow> {
  const [row] = await db
    .select()
    .from(resourceVersions)
    .where(
      and(eq(resourceVersions.kind, r.name), eq(resourceVersions.key, key), eq(resourceVersions.version, version)),
    );
  if (!row) throw notFound('resource.versionNotFound');
  return row;
}

/** The key field of a body must name the item being saved. */
export function checkKey(r: AnyResource, body: Doc, key: string) {
  if (body[r.key] !== key) throw badRequest('resource.keyImmutable', r.key);
}

export const itemTarget = (r: AnyResource, key: string) => auditTarget(r.name, key);
