import { z } from 'zod';
import type { AccessRule } from './access.js';
import type { Label } from './bilingual.js';
import { type Endpoint, endpoint, isMutation } from './endpoint.js';
import { fieldLabels } from './field-labels.js';
import { isoDateTime } from './fields.js';
import { pagedList, pageQuery } from './http.js';
import type { Permission } from './permissions.js';
import {
  actionBody,
  actionResult,
  capitalised,
  checkRanges,
  filterParams,
  kitListFields,
  listQueryShape,
  type ResourceListDef,
} from './resource-list.js';
import type { RouteName } from './routes/index.js';
import { isStorableText, optionalText, storableIssues } from './text.js';

/**
 * The resource kit: one declaration of a configuration entity (its document schema, key,
 * list fields, permissions, whether it is versioned and whether the game sees it) yields its
 * console endpoints, its version history, the reference checks, the audit entries and the
 * content the game reads. See DESIGN §7 and docs/architecture.md "Adding an area".
 */

/** A resource key: starts with a letter; letters, digits, `_`, `.`, `-`; at most 100 characters. */
export const resourceKeySchema = z
  // A key not given (an empty box, a select left empty) is missing, not a name of the wrong form.
  .string({
    error: (issue) => (issue.input === undefined || issue.input === null ? 'v.required' : 'resource.keyFormat'),
  })
  .min(1, { error: 'v.required' })
  .regex(/^[A-Za-z][\w.-]{0,99}$/, { error: 'resource.keyFormat' });

/** Names the kit adds to every item on the wire; a document may not use them. */
export const resourceMetaFields = [
  'version',
  'effectiveAt',
  'expireAt',
  'createdBy',
  'updatedBy',
  'updatedAt',
  'createdAt',
] as const;

/** A field of one resource that names items of another: saving checks they exist, deleting them is refused. */
export interface ResourceReference<Doc> {
  /** The field that holds the reference (for the error message). */
  field: keyof Doc & string;
  /** The resource it names. */
  kind: string;
  /** The keys this document names (none when the field does not refer here, e.g. another type). */
  keys: (doc: Doc) => readonly string[];
}

export interface ResourcePermissions {
  query: AccessRule;
  create: AccessRule;
  edit: AccessRule;
  delete: AccessRule;
}

/** One permission for all four actions of a resource: `permissions: samePermission('appUpgradeQuery')`. */
export const samePermission = (...permission: Permission[]): ResourcePermissions => ({
  query: permission,
  create: permission,
  edit: permission,
  delete: permission,
});

export interface ResourceDef<
  N extends string = string,
  S extends z.ZodObject = z.ZodObject,
  V extends boolean = boolean,
  W extends boolean = boolean,
> {
  /** The resource's kind: lower camel case, used in endpoint names, audit targets (`constant:maxEnergy`) and the content the game reads. */
  name: N;
  /** The entity's name for messages, e.g. 常量 / constant. */
  label: Label;
  /**
   * The document as the operator writes it, key field included. It also encodes answers, so it
   * carries checks and refinements but no transforms or preprocessing.
   */
  schema: S;
  /** The field that names an item (unique, immutable). */
  key: keyof z.infer<S> & string;
  /** The fields the list shows, in order. */
  listFields: readonly (keyof z.infer<S> & string)[];
  /** What each field is called (list filters, CSV headers). */
  labels?: Partial<Record<keyof z.infer<S> & string, Label>>;
  /** Filters, sort, computed columns, row and bulk actions and the CSV export of the list (see `ResourceListDef`). */
  list?: ResourceListDef<keyof z.infer<S> & string>;
  /**
   * The key is a number the kit gives at create (1, 2, …, never reused, also after a delete): the
   * body leaves it out and the list shows the newest first. For entities the spec numbers (templates).
   */
  autoKey?: boolean;
  /**
   * Keys no two items of the kind share: one field (a name) or several together (`fields:
   * ['platform', 'sku']`), compared as stored or, with `normalize: 'lowercase'`, in any case. A
   * save that would share one is refused (409) with `message` on the (last) field; the check and
   * the write run under the kind's lock.
   */
  unique?: readonly UniqueKey<keyof z.infer<S> & string>[];
  /**
   * Secret fields (a signing key, a password): never in a read, a version, a diff, the audit or the
   * game's content. Reads show `set` / `notSet`; an update without the field keeps the stored
   * value, so a secret is replaced only when typed. Declare them optional in the schema.
   */
  secret?: readonly (keyof z.infer<S> & string)[];
  /**
   * Fields the server owns (a lifecycle's state, set only by the declared actions): a form's save
   * keeps the stored ones whatever the body says, so a change table never compares them and a
   * form never edits them. The kit's own fields (`resourceMetaFields`) are the server's as well.
   */
  serverOwned?: readonly (keyof z.infer<S> & string)[];
  /** The fields the list's `search` matches (substring, case-insensitive); the key when absent. */
  search?: readonly (keyof z.infer<S> & string)[];
  permissions: ResourcePermissions;
  /** Every save keeps an immutable version (author, time, comment, document); history and restore. */
  versioned: V;
  /** Published to the game in `GET /api/game/v1/content`. */
  gameVisible: boolean;
  /** Items carry an optional `effectiveAt` / `expireAt`; the game sees them only inside it (server clock at read). */
  window?: W;
  /** With `window`: both times are required (an activity runs from a start to an end). */
  windowRequired?: boolean;
  /**
   * Rules across fields the document's schema cannot carry (an `autoKey` kind's body omits its
   * key, which a refined object cannot do): the body runs them, so the form checks them before it
   * asks to confirm and the server refuses the same, with the same message on the same field.
   */
  refine?: (doc: z.infer<S>, ctx: z.RefinementCtx) => void;
  /**
   * Time fields whose end, once passed, reaches no player (an experiment's planned end): a save
   * setting one in the past is refused with `message` on it, by the form before its confirmation
   * and by the server with its clock; a time left as stored may stay. A `window`'s `expireAt` is one
   * by itself.
   */
  futureEnds?: readonly { field: keyof z.infer<S> & string; message: string }[];
  /** What the game receives for one item (default: the document without the key). */
  publish?: (doc: z.infer<S>) => unknown;
  references?: readonly ResourceReference<z.infer<S>>[];
  /** Route names of its console screens (from the route table). */
  /**
   * The kind's pages: its list, and the page that edits an item (`?key=`) instead of the list's
   * drawer; `create`, where the route table has a page of its own for a new item.
   */
  routes?: { list: RouteName; edit?: RouteName; create?: RouteName };
  /** Other console reads a change of this kind alters (added to each mutation's `invalidates`). */
  alsoInvalidates?: readonly string[];
  /** Console API base path; default `/api/v1/resources/<name>`. */
  path?: string;
  /**
   * Where the spec gives the calls (mail and reward templates): the area declares the endpoints
   * itself and names them here; the kit then derives none, and the screens use these.
   */
  spec?: ResourceSpecMapping;
}

/** A unique key of a resource (see `ResourceDef.unique`). */
export type UniqueKey<K extends string = string> = { message: string; normalize?: 'lowercase' } & (
  | { field: K; fields?: never }
  | { fields: readonly K[]; field?: never }
);

/** The fields of a unique key, in order. */
export const uniqueFields = <K extends string>(u: UniqueKey<K>): readonly K[] => u.fields ?? [u.field as K];

/** What a read shows for a secret field. */
export const secretStates = ['set', 'notSet'] as const;
export const secretStateSchema = z.enum(secretStates);

export interface ResourceSpecMapping {
  endpoints: { list: string; get: string; create: string; update: string; delete: string };
  /** Fixed fields every call sends in its query and body (e.g. `{ theTable: 'mail' }`). */
  fixed?: Record<string, string>;
  /** The path parameter that names an item (default `key`). */
  keyParam?: string;
  /** The list query field that carries the search text (default `search`). */
  searchParam?: string;
  /** The spec's answer for one item on the wire (default: the item as the kit answers it). */
  answer?: (item: Record<string, unknown> & KitItemFields) => unknown;
}

/** The fields the kit adds to every item it answers. */
export type KitItemFields = z.infer<z.ZodObject<typeof itemMetaShape>>;

/** A declared resource: the declaration plus the schemas derived from it. */
export interface Resource<
  N extends string = string,
  S extends z.ZodObject = z.ZodObject,
  V extends boolean = boolean,
  W extends boolean = boolean,
> extends ResourceDef<N, S, V, W> {
  path: string;
  /** Change-notice channel a mutation of this kind sends (one per kind). */
  channel: string;
  /** The body of create and update: the document, plus the window when declared and a version comment. */
  body: z.ZodType<ResourceBody<S, W>>;
  /** One item on the wire: the document (a secret field as `set` / `notSet`) and the kit's fields. */
  item: z.ZodObject<S['shape'] & typeof itemMetaShape>;
  /** One version on the wire. */
  version: ReturnType<typeof versionSchemaOf<S>>;
}

export type ResourceBody<S extends z.ZodObject, W extends boolean> = z.infer<S> &
  (W extends true ? { effectiveAt?: string | null; expireAt?: string | null } : object) & { comment?: string };

const itemMetaShape = {
  /** Versioned: the current version number; otherwise a save counter. */
  version: z.number().int(),
  effectiveAt: z.string().nullable(),
  expireAt: z.string().nullable(),
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
  createdAt: z.string(),
};

const versionSchemaOf = <S extends z.ZodObject>(schema: S, secret: readonly string[] = []) =>
  z.object({
    version: z.number().int(),
    /** Who saved it. */
    author: z.string().nullable(),
    comment: z.string().nullable(),
    at: z.string(),
    /** Set when this version restored an older one. */
    restoredFrom: z.number().int().nullable(),
    effectiveAt: z.string().nullable(),
    expireAt: z.string().nullable(),
    // A version keeps no secret: the document without them.
    document: z.object(
      Object.fromEntries(Object.entries(schema.shape).filter(([k]) => !secret.includes(k))),
    ) as z.ZodObject<S['shape']>,
  });

const optionalTime = z.preprocess((v) => (v === '' ? null : v), isoDateTime.nullable().optional());
export const versionCommentSchema = z
  .string()
  .trim()
  .max(500, { error: 'v.textTooLong' })
  .refine(isStorableText, { error: 'v.textInvalid' })
  .optional();

/** A resource's time fields that may not be set to a passed time (`futureEnds`, a window's expiry). */
export const futureEndsOf = (r: {
  window?: boolean;
  futureEnds?: readonly { field: string; message: string }[];
}): readonly { field: string; message: string }[] => [
  ...(r.window ? [{ field: 'expireAt', message: 'resource.expireInPast' }] : []),
  ...(r.futureEnds ?? []),
];

/** Declare a resource (see `ResourceDef`). */
export function defineResource<
  const N extends string,
  S extends z.ZodObject,
  V extends boolean,
  W extends boolean = false,
>(def: ResourceDef<N, S, V, W>): Resource<N, S, V, W> {
  if (!/^[a-z][A-Za-z0-9]*$/.test(def.name)) throw new Error(`resource name ${def.name}: lower camel case`);
  for (const f of resourceMetaFields)
    if (f in def.schema.shape) throw new Error(`resource ${def.name}: the document may not have a field ${f}`);
  if (!(def.key in def.schema.shape)) throw new Error(`resource ${def.name}: key ${def.key} is not a field`);
  const extra = {
    ...(def.window ? { effectiveAt: optionalTime, expireAt: optionalTime } : {}),
    comment: versionCommentSchema,
  };
  if (def.autoKey && !(def.schema.shape[def.key] instanceof z.ZodNumber))
    throw new Error(`resource ${def.name}: an autoKey is a number field`);
  const secret = def.secret ?? [];
  for (const f of def.serverOwned ?? [])
    if (!(f in def.schema.shape)) throw new Error(`resource ${def.name}: server-owned ${f} is not a field`);
  for (const f of secret) {
    if (!(f in def.schema.shape)) throw new Error(`resource ${def.name}: secret ${f} is not a field`);
    if (f === def.key) throw new Error(`resource ${def.name}: the key cannot be secret`);
  }
  for (const u of def.unique ?? [])
    for (const f of uniqueFields(u))
      if (!(f in def.schema.shape)) throw new Error(`resource ${def.name}: unique field ${f} is not a field`);
  // An automatic key is the kit's to give: the body leaves it out.
  const keyed = def.autoKey ? def.schema.omit({ [def.key]: true } as never) : def.schema;
  // A secret may be left out of a body: the stored one stays.
  const written =
    secret.length > 0
      ? keyed.safeExtend(Object.fromEntries(secret.map((f) => [f, def.schema.shape[f].optional()])))
      : keyed;
  const body = written.safeExtend(extra).superRefine((b, ctx) => {
    const w = b as { effectiveAt?: string | null; expireAt?: string | null };
    if (def.window && def.windowRequired)
      for (const f of ['effectiveAt', 'expireAt'] as const)
        if (!w[f]) ctx.addIssue({ code: 'custom', path: [f], message: 'resource.windowRequired' });
    if (w.effectiveAt && w.expireAt && Date.parse(w.expireAt) <= Date.parse(w.effectiveAt))
      ctx.addIssue({ code: 'custom', path: ['expireAt'], message: 'resource.expireAfterEffective' });
    def.refine?.(b as z.infer<S>, ctx);
    // Every kind at once, whatever its fields: each string, key and number of the document (JSON
    // values included) must be storable as sent; a resource's schema cannot forget it.
    for (const issue of storableIssues(b))
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, input: b });
  });
  checkListDef(def);
  // Computed columns ride on listed items (absent from what a save answers).
  const computed = Object.fromEntries(Object.keys(def.list?.computed ?? {}).map((k) => [k, z.unknown().optional()]));
  return {
    ...def,
    path: def.path ?? `/api/v1/resources/${def.name}`,
    channel: `rookery_${def.name}_changed`,
    body: body as never,
    item: z.object({
      ...def.schema.shape,
      ...Object.fromEntries(secret.map((f) => [f, secretStateSchema])),
      ...itemMetaShape,
      ...computed,
    }) as never,
    version: versionSchemaOf(def.schema, secret),
  };
}

/** The fields of a resource's items the server owns: the kit's own and the declared `serverOwned`. */
export const serverOwnedFields = (def: Pick<ResourceDef, 'serverOwned'>): readonly string[] => [
  ...resourceMetaFields.filter((f) => f !== 'effectiveAt' && f !== 'expireAt'),
  ...(def.serverOwned ?? []),
];

/** A field's label: the resource's own where it declares one, else the shared vocabulary's. */
export function resourceFieldLabel(def: { labels?: Partial<Record<string, Label>> }, field: string): Label | undefined {
  return def.labels?.[field] ?? (Object.hasOwn(fieldLabels, field) ? fieldLabels[field] : undefined);
}

/** A list declaration names only fields the resource has, and labels what it shows. */
function checkListDef(def: ResourceDef<string, z.ZodObject, boolean, boolean>) {
  const list = def.list;
  if (!list) return;
  const fields = Object.keys(def.schema.shape);
  const computed = Object.keys(list.computed ?? {});
  const fail = (what: string) => {
    throw new Error(`resource ${def.name}: ${what}`);
  };
  const params = new Set<string>();
  for (const [name, f] of Object.entries(list.filters ?? {})) {
    for (const p of filterParams(name, f)) {
      if (params.has(p) || ['page', 'pageSize', 'search', 'sort', 'order'].includes(p)) fail(`filter ${p} twice`);
      params.add(p);
    }
    const named = f.kind === 'state' ? [f.from, f.to].filter(Boolean) : [f.field];
    for (const field of named) if (!fields.includes(field as string)) fail(`filter ${name}: no field ${field}`);
    if (f.kind === 'state' && !def.window && !(f.from && f.to))
      fail(`state filter ${name}: no window, name from and to`);
    if (!f.label && f.kind !== 'state' && !resourceFieldLabel(def, f.field)) fail(`filter ${name}: no label`);
  }
  for (const field of list.sort ?? [])
    if (field !== 'updatedAt' && !fields.includes(field)) fail(`sort by ${field}: no such field`);
  for (const column of list.export ?? []) {
    if (computed.includes(column) || (kitListFields as readonly string[]).includes(column)) continue;
    if (!fields.includes(column)) fail(`export ${column}: no such column`);
    if (!resourceFieldLabel(def, column)) fail(`export ${column}: no label for its header`);
  }
}

export const resourceKeyParams = z.object({ key: resourceKeySchema });
export const resourceVersionParams = z.object({
  key: resourceKeySchema,
  version: z.coerce.number({ error: 'resource.versionFormat' }).int().positive().max(2_147_483_647),
});
// The search goes into an ILIKE: a NUL or a lone surrogate is refused on the field, as in every other query.
const searchText = optionalText(200);
export const resourceListQuery = pageQuery.extend({ search: searchText });
export const resourceVersionListQuery = pageQuery;
const restoreBody = z.object({ comment: versionCommentSchema });
const deleted = z.object({ ok: z.literal(true) });

/** Lower camel name + action: `constant` + `List` → `constantList`. */
type Named<N extends string, T> = { [K in keyof T as `${N}${K & string}`]: T[K] };

/** An automatic key on the path: a positive whole number (the kit gives 1, 2, …). */
const autoKeyParams = z.object({ key: z.string().regex(/^[1-9]\d{0,15}$/, { error: 'resource.keyFormat' }) });

const crudEndpoints = <N extends string, S extends z.ZodObject, V extends boolean, W extends boolean>(
  r: Resource<N, S, V, W>,
) => {
  const p = r.permissions;
  const label = r.label['en-US'];
  const notifies = [r.channel] as const;
  // An automatic key is a number on the path (`/purchase/7`), not a name.
  const keyParams = (r.autoKey ? autoKeyParams : resourceKeyParams) as typeof resourceKeyParams;
  const filtered = resourceListQuery
    .extend(listQueryShape(r.list))
    .superRefine((q, ctx) => checkRanges(r.list, q, ctx)) as unknown as typeof resourceListQuery;
  return {
    List: endpoint({
      method: 'GET',
      path: r.path,
      summary: `${label}: list, searched, filtered, sorted and paged`,
      permission: p.query,
      query: filtered,
      response: pagedList(r.item),
      tags: ['resources'],
    }),
    Get: endpoint({
      method: 'GET',
      path: `${r.path}/:key`,
      summary: `${label}: one item`,
      permission: p.query,
      params: keyParams,
      response: r.item,
      tags: ['resources'],
    }),
    Create: endpoint({
      method: 'POST',
      path: r.path,
      summary: `${label}: create (the key must be free)`,
      permission: p.create,
      body: r.body,
      response: r.item,
      notifies,
      tags: ['resources'],
    }),
    Update: endpoint({
      method: 'PUT',
      path: `${r.path}/:key`,
      summary: `${label}: replace an item's document (the key stays)`,
      permission: p.edit,
      params: keyParams,
      body: r.body,
      response: r.item,
      notifies,
      tags: ['resources'],
    }),
    Delete: endpoint({
      method: 'DELETE',
      path: `${r.path}/:key`,
      summary: `${label}: delete (refused while another item refers to it; versions are kept)`,
      permission: p.delete,
      params: keyParams,
      response: deleted,
      notifies,
      tags: ['resources'],
    }),
  };
};

const autoKeyVersionParams = autoKeyParams.extend({ version: resourceVersionParams.shape.version });

const versionEndpoints = <N extends string, S extends z.ZodObject, V extends boolean, W extends boolean>(
  r: Resource<N, S, V, W>,
) => {
  const p = r.permissions;
  const label = r.label['en-US'];
  const keyParams = (r.autoKey ? autoKeyParams : resourceKeyParams) as typeof resourceKeyParams;
  const versionParams = (r.autoKey ? autoKeyVersionParams : resourceVersionParams) as typeof resourceVersionParams;
  return {
    History: endpoint({
      method: 'GET',
      path: `${r.path}/:key/versions`,
      summary: `${label}: the versions of one item, newest first (also of a deleted item)`,
      permission: p.query,
      params: keyParams,
      query: resourceVersionListQuery,
      response: pagedList(r.version),
      tags: ['resources'],
    }),
    Version: endpoint({
      method: 'GET',
      path: `${r.path}/:key/versions/:version`,
      summary: `${label}: one version`,
      permission: p.query,
      params: versionParams,
      response: r.version,
      tags: ['resources'],
    }),
    Restore: endpoint({
      method: 'POST',
      path: `${r.path}/:key/versions/:version/restore`,
      summary: `${label}: save an old version again as the newest (re-creates a deleted item)`,
      permission: p.edit,
      params: versionParams,
      body: restoreBody,
      response: r.item,
      notifies: [r.channel],
      tags: ['resources'],
    }),
  };
};

export type ResourceEndpoints<R> =
  R extends Resource<infer N, infer S, infer V, infer W>
    ? Named<N, ReturnType<typeof crudEndpoints<N, S, V, W>>> &
        (V extends true ? Named<N, ReturnType<typeof versionEndpoints<N, S, V, W>>> : object)
    : never;

/** The CSV export and the declared actions of a resource's list (`list.export`, `list.actions`). */
const listEndpoints = (r: Resource<string, z.ZodObject, boolean, boolean>) => {
  const label = r.label['en-US'];
  const parts: Record<string, Endpoint> = {};
  if (r.list?.export)
    parts.Export = endpoint({
      method: 'GET',
      path: `${r.path}/export`,
      summary: `${label}: the filtered list as CSV (UTF-8 with BOM), streamed`,
      permission: r.permissions.query,
      query: resourceListQuery
        .omit({ page: true, pageSize: true })
        .extend(listQueryShape(r.list))
        .superRefine((q, ctx) => checkRanges(r.list, q, ctx)),
      raw: true,
      response: z.string(),
      tags: ['resources'],
    });
  for (const [name, action] of Object.entries(r.list?.actions ?? {}))
    parts[capitalised(name)] = endpoint({
      method: 'POST',
      path: `${r.path}/actions/${name}`,
      summary: `${label}: ${action.label['en-US']} (the chosen items)`,
      permission: action.permission,
      body: actionBody,
      response: actionResult,
      notifies: [r.channel],
      tags: ['resources'],
    });
  return parts;
};

/** The console endpoints of a resource, named `<name>List`, `<name>Get`, … `<name>Restore`, for the endpoint table. */
export function resourceEndpoints<R extends Resource<string, z.ZodObject, boolean, boolean>>(
  r: R,
): ResourceEndpoints<R> {
  if (r.spec) throw new Error(`resource ${r.name} maps onto the spec's endpoints; it derives none`);
  const parts: Record<string, Endpoint> = {
    ...crudEndpoints(r),
    ...(r.versioned ? versionEndpoints(r) : {}),
    ...listEndpoints(r),
  };
  // Every change reloads the console's lists, items and histories of this kind (`invalidates`).
  const reads = [
    `${r.name}List`,
    `${r.name}Get`,
    ...(r.versioned ? [`${r.name}History`] : []),
    ...(r.alsoInvalidates ?? []),
  ];
  return Object.fromEntries(
    Object.entries(parts).map(([k, e]) => {
      const name = `${r.name}${k}`;
      return [name, { ...e, name, ...(isMutation(e) ? { invalidates: reads, auditTarget: r.name } : {}) }];
    }),
  ) as ResourceEndpoints<R>;
}

/**
 * The version endpoints (`<name>History`, `<name>Version`, `<name>Restore`) of a versioned
 * resource whose other calls the spec gives (`spec`: mail and reward templates), under the kit's
 * path: the spec's paths keep versions, diff and restore. A change reloads the spec's list and get.
 */
export function resourceVersionEndpoints<N extends string, S extends z.ZodObject, W extends boolean>(
  r: Resource<N, S, true, W>,
): Named<N, ReturnType<typeof versionEndpoints<N, S, true, W>>> {
  if (!r.spec) throw new Error(`resource ${r.name}: resourceEndpoints gives its version endpoints`);
  const reads = [r.spec.endpoints.list, r.spec.endpoints.get, `${r.name}History`, ...(r.alsoInvalidates ?? [])];
  return Object.fromEntries(
    Object.entries(versionEndpoints(r)).map(([k, e]) => {
      const name = `${r.name}${k}`;
      return [name, { ...e, name, ...(isMutation(e) ? { invalidates: reads, auditTarget: r.name } : {}) }];
    }),
  ) as never;
}

/**
 * The endpoint names of one resource, for the web (`resourceEndpointNames(constant).list` →
 * `'constantList'`); a resource mapped onto the spec's calls gives its own (and has no history).
 */
export const resourceEndpointNames = <N extends string>(r: { name: N; spec?: ResourceSpecMapping }) =>
  r.spec
    ? {
        ...r.spec.endpoints,
        history: `${r.name}History` as const,
        version: `${r.name}Version` as const,
        restore: `${r.name}Restore` as const,
        export: undefined,
      }
    : {
        list: `${r.name}List` as const,
        get: `${r.name}Get` as const,
        create: `${r.name}Create` as const,
        update: `${r.name}Update` as const,
        delete: `${r.name}Delete` as const,
        history: `${r.name}History` as const,
        version: `${r.name}Version` as const,
        restore: `${r.name}Restore` as const,
        export: `${r.name}Export` as const,
      };

/** The endpoint name of a declared list action: `maintenanceWindow` + `endNow` → `maintenanceWindowEndNow`. */
export const resourceActionEndpoint = (r: { name: string }, action: string) => `${r.name}${capitalised(action)}`;

/** An audit target: `entity:id` (`constant:maxEnergy`, `player:10001`, `mail:7`, `role:operation`). */
export const auditTarget = (entity: string, id: string | number) => `${entity}:${id}`;

/** What the game reads: per kind, key → published value. */
export const contentSnapshotSchema = z.object({
  content: z.record(z.string(), z.record(z.string(), z.unknown())),
});
export type ContentSnapshot = z.infer<typeof contentSnapshotSchema>;
