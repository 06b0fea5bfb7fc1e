import {
  type Endpoint,
  endpoints,
  type Resource,
  resourceActionEndpoint,
  resourceEndpointNames,
} from '@rookery/contracts';
import type { ResourceDoc } from './screen';

/** A resource's console endpoints, looked up in the endpoint table by the kit's names. */
export function endpointsOf(resource: Resource) {
  const names = resourceEndpointNames(resource);
  const table = endpoints as unknown as Record<string, Endpoint>;
  const pick = (name: string) => {
    const e = table[name];
    if (!e) throw new Error(`resource ${resource.name}: no endpoint ${name} in the endpoint table`);
    return e;
  };
  return {
    names,
    list: pick(names.list),
    get: pick(names.get),
    create: pick(names.create),
    update: pick(names.update),
    delete: pick(names.delete),
    history: resource.versioned && names.history ? pick(names.history) : undefined,
    restore: resource.versioned && names.restore ? pick(names.restore) : undefined,
    /** The CSV export of the filtered list, when declared. */
    export: resource.list?.export && names.export ? pick(names.export) : undefined,
    /** The declared row and bulk actions' endpoints, by action name. */
    actions: Object.fromEntries(
      Object.keys(resource.list?.actions ?? {}).map((a) => [a, pick(resourceActionEndpoint(resource, a))]),
    ),
  };
}

/** The document part of an item (without the kit's fields), for diffs and forms. */
export function itemDocument<R extends Resource>(resource: R, item: Record<string, unknown>): ResourceDoc<R>;
export function itemDocument<R extends Resource>(
  resource: R,
  item: Record<string, unknown> | undefined,
): ResourceDoc<R> | undefined;
export function itemDocument<R extends Resource>(resource: R, item: Record<string, unknown> | undefined) {
  if (!item) return undefined;
  const doc: Record<string, unknown> = {};
  // A secret is never shown nor sent back: left out, the stored one stays (the kit's rule).
  const secret = new Set<string>(resource.secret ?? []);
  for (const k of Object.keys(resource.schema.shape)) if (!secret.has(k)) doc[k] = item[k];
  if (resource.window) {
    doc.effectiveAt = item.effectiveAt ?? null;
    doc.expireAt = item.expireAt ?? null;
  }
  return doc;
}

/**
 * What the server will store for an edited document: the edit, with the fields the server owns
 * (the declared `serverOwned`: a lifecycle's state) kept from the stored one, as a save does.
 */
export function storedAfterSave<R extends Resource>(
  resource: R,
  edited: ResourceDoc<R>,
  stored: ResourceDoc<R> | undefined,
): ResourceDoc<R>;
export function storedAfterSave<R extends Resource>(
  resource: R,
  edited: ResourceDoc<R> | undefined,
  stored: ResourceDoc<R> | undefined,
): ResourceDoc<R> | undefined;
export function storedAfterSave<R extends Resource>(
  resource: R,
  edited: ResourceDoc<R> | undefined,
  stored: ResourceDoc<R> | undefined,
) {
  if (!stored || !edited) return edited;
  const kept = Object.fromEntries((resource.serverOwned ?? []).map((f) => [f, (stored as Record<string, unknown>)[f]]));
  return { ...edited, ...kept };
}

/** scheduled / active / expired / always, by the browser's clock (display only; the game uses the server's). */
export function windowState(item: { effectiveAt?: string | null; expireAt?: string | null }, now = Date.now()) {
  if (item.effectiveAt && Date.parse(item.effectiveAt) > now) return 'scheduled';
  if (item.expireAt && Date.parse(item.expireAt) <= now) return 'expired';
  return item.effectiveAt || item.expireAt ? 'active' : 'always';
}
