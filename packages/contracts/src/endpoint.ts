import type { z } from 'zod';
import type { AccessRule } from './access.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * One console or game API call. The server registers it (validation, permission guard, audit,
 * OpenAPI) and the web client is typed by it, so the two cannot drift.
 */
export interface Endpoint<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Full path with Fastify-style params, e.g. `/api/v1/role/:id`. */
  path: string;
  summary: string;
  /**
   * Who may call it: `true` = any live staff session; a list = any of these role/permission
   * names; `'public'` = no session (sign-in, registration); `'pending'` = also a pending
   * registration's session; `'game'` = the game key (game API).
   */
  permission: AccessRule | 'public' | 'pending' | 'game';
  /** A further rule chosen by one input field's value (see `PermissionBy`). */
  permissionBy?: PermissionBy;
  query?: Q;
  body?: B;
  params?: P;
  response: R;
  /**
   * What a mutation changes that the console may have loaded: names of other endpoints of the
   * table (usually lists and single-record reads). The web client invalidates their cached
   * queries when this call succeeds, so no screen invalidates by hand.
   */
  invalidates?: readonly string[];
  /** The endpoint's key in its table; set by `endpointTable`, it keys the console's query cache. */
  name?: string;
  /** Audit action name for a mutation; defaults to the endpoint's key. */
  audit?: string;
  /**
   * A console mutation's audit target: the entity (or entities) its audit rows name as
   * `entity:id` (`'role'` → `role:operation`). The handler gives the id with `ctx.audit({ target })`
   * and its before/after; when it gives none the registrar names the entity with the path's
   * parameter. Every console mutation declares it (a test over the endpoint table fails
   * otherwise); game calls write no audit row.
   */
  auditTarget?: string | readonly string[];
  /** The response is a file download or other raw body, not the JSON envelope. */
  raw?: boolean;
  /**
   * A POST that changes nothing, for a read whose input does not fit an address (a condition
   * set, a list of IDs): no transaction, no audit record, and the console reads it like a GET.
   */
  readOnly?: boolean;
  /**
   * Change-notice channels a mutation publishes when its transaction commits: every instance's
   * snapshots listening on them (`LiveSnapshot`, the live mails) drop what they compiled.
   */
  notifies?: readonly string[];
  tags?: string[];
}

/**
 * A permission that depends on a field's value, e.g. mail scope → `mailQuery` / `globalMailQuery`.
 * The registrar requires `map[value]` for every value of `field` the caller sends, in the body,
 * the query or the params (each part that carries it); a value outside the map is refused. When
 * the input leaves the field out, the handler asks with the record's value or for the allowed
 * values (`RequestContext.permittedBy`). `permission` must let in every rule of the map.
 */
export interface PermissionBy {
  field: string;
  map: Readonly<Record<string, AccessRule>>;
}

export const endpoint = <
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(
  def: Endpoint<Q, B, P, R>,
) => def;

/**
 * An area's table of endpoints, each entry carrying its key as `name`. A copy, not a mutation, so
 * a table nobody imports is still dropped from a bundle.
 */
export const endpointTable = <T extends Record<string, Endpoint<any, any, any, any>>>(
  table: T,
): { [K in keyof T]: T[K] & { name: K } } =>
  Object.fromEntries(Object.entries(table).map(([name, def]) => [name, { ...def, name }])) as never;

type InferOr<T, D> = T extends z.ZodType ? z.infer<T> : D;
type InputOr<T, D> = T extends z.ZodType ? z.input<T> : D;

export type EndpointQuery<E> = E extends Endpoint<infer Q, any, any, any> ? InferOr<Q, undefined> : never;
export type EndpointBody<E> = E extends Endpoint<any, infer B, any, any> ? InferOr<B, undefined> : never;
export type EndpointParams<E> = E extends Endpoint<any, any, infer P, any> ? InferOr<P, undefined> : never;
/** What the caller receives: the wire form (timestamps as ISO strings). */
export type EndpointResponse<E> = E extends Endpoint<any, any, any, infer R> ? z.input<R> : never;
/** What the handler returns, before encoding (timestamps as `Date`). */
export type EndpointResult<E> = E extends Endpoint<any, any, any, infer R> ? z.output<R> : never;

/** What a caller sends (before defaults and coercion). */
export type EndpointInput<E> =
  E extends Endpoint<infer Q, infer B, infer P, any>
    ? (Q extends z.ZodType ? { query?: InputOr<Q, never> } : { query?: undefined }) &
        (B extends z.ZodType ? { body: InputOr<B, never> } : { body?: undefined }) &
        (P extends z.ZodType ? { params: InputOr<P, never> } : { params?: undefined })
    : never;

export const isMutation = (e: Pick<Endpoint, 'method' | 'readOnly'>) => e.method !== 'GET' && !e.readOnly;

/** Fill `:name` params of a path. */
export function buildPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:(\w+)\*?/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined || value === null) throw new Error(`missing path param ${key} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
