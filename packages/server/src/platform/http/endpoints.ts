import { timingSafeEqual } from 'node:crypto';
import type {
  Endpoint,
  EndpointBody,
  EndpointParams,
  EndpointQuery,
  EndpointResult,
  Locale,
  PermissionBy,
} from '@rookery/contracts';
import { auditTarget, can, envelope, isMutation, pickLocale } from '@rookery/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.js';
import { type Db, notifyChange } from '../db/client.js';
import { announceChanges } from '../live-snapshot.js';
import { sha256 } from '../security/tokens.js';
import { type AuditEntry, redact, writeAudit } from './audit.js';
import { AppError } from './errors.js';
import type { Session } from './session.js';

export interface RequestContext<E extends Endpoint> {
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
  params: EndpointParams<E>;
  /** The staff session (null on public and game endpoints). */
  session: Session | null;
  /** The database; inside a mutation, the mutation's transaction. */
  db: Db;
  locale: Locale;
  ip: string;
  /** The service clock's time when the request arrived: every time rule of the handler reads it. */
  now: Date;
  req: FastifyRequest;
  reply: FastifyReply;
  /** Record what this mutation changed; written in the same transaction. */
  audit(entry: AuditEntry): void;
  /**
   * Write the entries recorded so far now, in the transaction, before an effect the transaction
   * cannot undo (a Redis delete): a failing audit write then stops the handler before the effect.
   */
  writeAuditNow(): Promise<void>;
  /** Who acted when there is no session yet (sign-in, registration). */
  setActor(name: string): void;
  /**
   * The endpoint's `permissionBy` map, for a value the input did not carry: `require(v)` answers
   * 403 unless the session may use `v` (e.g. the scope of the stored record); `allowed(values)`
   * keeps the values it may use, 403 when none.
   */
  permittedBy: {
    require(value: string): void;
    allowed<T extends string>(values: readonly T[]): T[];
  };
}

export type Handler<E extends Endpoint> = ((
  ctx: RequestContext<E>,
) => Promise<EndpointResult<E>> | EndpointResult<E>) & {
  /** Work done before a mutation's transaction opens (see `prepareThen`). */
  prepare?: (ctx: RequestContext<E>) => Promise<unknown>;
  /** The handler opens its own transactions (see `ownTransactions`). */
  ownTransactions?: true;
};

/**
 * A game mutation that opens its own transactions: the registrar gives it the database instead
 * of wrapping it in one. For a hot path whose common case is one statement (its own implicit
 * transaction, one round trip instead of four); every write of the handler must still commit
 * or roll back as a unit. Only for game endpoints, which write no audit record.
 */
export function ownTransactions<E extends Endpoint>(handler: Handler<E>): Handler<E> {
  handler.ownTransactions = true;
  return handler;
}

/**
 * A mutation in two steps: `prepare` runs first on the base database, outside any transaction —
 * slow CPU work such as password hashing, which must not hold the database (on PGlite one open
 * transaction blocks every other request) — and `run` then does the writes in the transaction.
 * `run` must re-check anything `prepare` read that the writes depend on.
 */
export function prepareThen<E extends Endpoint, P>(
  prepare: (ctx: RequestContext<E>) => Promise<P>,
  run: (ctx: RequestContext<E>, prepared: P) => Promise<EndpointResult<E>> | EndpointResult<E>,
): Handler<E> {
  const preparedResults = new WeakMap<FastifyRequest, P>();
  const handler: Handler<E> = (ctx) => run(ctx, preparedResults.get(ctx.req) as P);
  handler.prepare = async (ctx) => {
    preparedResults.set(ctx.req, await prepare(ctx));
  };
  return handler;
}
export type Handlers<T extends Record<string, Endpoint>> = { [K in keyof T]: Handler<T[K]> };

export interface RegistryDeps {
  db: Db;
  gameKeyHash: string;
}

/** Endpoints registered so far, by name: a test compares it with the contracts table. */
export const registeredEndpoints = new WeakMap<FastifyInstance, Set<string>>();

declare module 'fastify' {
  interface FastifyInstance {
    /** Requests per minute per IP on public endpoints. */
    authRateLimit: number;
    /** The service clock (`platform/clock.ts`): every time the server reads comes from it. */
    clock: Clock;
  }
  interface FastifyRequest {
    session: Session | null;
    locale: Locale;
  }
  interface FastifyContextConfig {
    /** The contracts name of the endpoint a route serves. */
    endpointName?: string;
  }
}

/**
 * The OpenAPI security requirement of an endpoint, from its permission: the schemes are those the
 * document defines (`app.ts`); a public endpoint needs none.
 */
export function securityOf(def: Pick<Endpoint, 'permission'>): Record<string, string[]>[] {
  if (def.permission === 'public') return [];
  return def.permission === 'game' ? [{ gameKey: [] }] : [{ session: [] }];
}

function gameKeyMatches(header: unknown, keyHash: string): boolean {
  if (typeof header !== 'string' || header.length > 200) return false;
  return timingSafeEqual(Buffer.from(sha256(header), 'hex'), Buffer.from(keyHash, 'hex'));
}

/** Whether the session may use `value` of a `permissionBy` field: a value outside the map never. */
function permittedValue(by: PermissionBy, session: Session | null, value: unknown): boolean {
  if (!session || session.pending) return false;
  const key = String(value);
  return Object.hasOwn(by.map, key) && can(session.access, by.map[key]);
}

/** The values of the `permissionBy` field in each part of a request that carries it. */
function fieldValues(by: PermissionBy, req: FastifyRequest): unknown[] {
  const values = [];
  for (const part of [req.body, req.query, req.params])
    if (part && typeof part === 'object' && !Array.isArray(part)) {
      const value = (part as Record<string, unknown>)[by.field];
      if (value !== undefined) values.push(value);
    }
  return values;
}

/**
 * The `permissionBy` check. Before validation it refuses a raw value that names a map entry the
 * session lacks (so a caller without the permission learns nothing from field messages); after
 * validation it checks the validated values (defaults, coercion), refusing values outside the map.
 */
function permissionByHooks(by: PermissionBy) {
  return {
    preValidation: async (req: FastifyRequest) => {
      for (const value of fieldValues(by, req))
        if (typeof value === 'string' && Object.hasOwn(by.map, value) && !permittedValue(by, req.session, value))
          throw new AppError(403, 'http.noPermission');
    },
    preHandler: async (req: FastifyRequest) => {
      for (const value of fieldValues(by, req))
        if (!permittedValue(by, req.session, value)) throw new AppError(403, 'http.noPermission');
    },
  };
}

/**
 * An audit target names one of the endpoint's declared entities as `entity:id`: anything else
 * (a JSON blob, another entity) is a programming error, thrown in development and tests and
 * logged as it is in production.
 */
function checkAuditTarget(endpoint: string, entities: readonly string[], target: AuditEntry['target']) {
  if (target === null || target === undefined) return;
  const text = String(target);
  if (entities.some((e) => text.startsWith(`${e}:`) && text.length > e.length + 1)) return;
  if (process.env.NODE_ENV !== 'production')
    throw new Error(`endpoint ${endpoint}: audit target ${text} is not ${entities.join(' / ')}:<id>`);
}

/**
 * Register every endpoint of a contracts table with its handler: schema validation, the
 * permission guard, one transaction per mutation with its audit record, and the envelope.
 */
export function registerEndpoints<T extends Record<string, Endpoint>>(
  app: FastifyInstance,
  deps: RegistryDeps,
  table: T,
  handlers: Handlers<T>,
): void {
  const names = registeredEndpoints.get(app) ?? new Set<string>();
  registeredEndpoints.set(app, names);
  // The map is keyed by the table's endpoints: a handler for none of them is a slip (a typo, a
  // handler left behind by a moved endpoint), refused at start as a missing one is.
  for (const name of Object.keys(handlers))
    if (!(name in table)) throw new Error(`handler ${name} is for no endpoint of its table`);
  for (const [name, def] of Object.entries(table) as [string, Endpoint][]) {
    const handler = handlers[name] as Handler<Endpoint>;
    if (!handler) throw new Error(`no handler for endpoint ${name}`);
    names.add(name);
    if (handler.ownTransactions && def.permission !== 'game')
      throw new Error(`endpoint ${name}: only game endpoints may open their own transactions (no audit record)`);
    const mutation = isMutation(def) && !handler.ownTransactions;
    const auditEntities = def.auditTarget === undefined ? [] : [def.auditTarget].flat();
    if (mutation && def.permission !== 'game' && auditEntities.length === 0)
      throw new Error(`endpoint ${name}: a console mutation declares its auditTarget (the entity its audit rows name)`);
    app.route({
      method: def.method,
      url: def.path,
      schema: {
        summary: def.summary,
        operationId: name,
        tags: def.tags ?? [def.path.startsWith('/api/game/') ? 'game' : (def.path.split('/')[3] ?? 'console')],
        ...(def.query ? { querystring: def.query } : {}),
        ...(def.body ? { body: def.body } : {}),
        ...(def.params ? { params: def.params } : {}),
        ...(def.raw ? {} : { response: { 200: envelope(def.response) } }),
        security: securityOf(def),
      },
      config: {
        endpointName: name,
        // Sign-in, registration and captcha: limited per IP before any work is done.
        ...(def.permission === 'public' && app.hasDecorator('authRateLimit')
          ? { rateLimit: { max: app.authRateLimit, timeWindow: '1 minute' } }
          : {}),
      },
      onRequest: async (req) => {
        req.locale = pickLocale(req.headers['accept-language']);
        req.session = null;
        if (def.permission === 'public') return;
        if (def.permission === 'game') {
          if (!gameKeyMatches(req.headers['x-game-key'], deps.gameKeyHash)) throw new AppError(401, 'http.gameKey');
          return;
        }
        const session = await app.resolveSession(deps.db, req.headers.authorization, app.clock.now());
        if (!session) throw new AppError(401, 'http.401');
        if (session.pending && def.permission !== 'pending') throw new AppError(403, 'auth.pending');
        const rule = def.permission === 'pending' ? true : def.permission;
        if (!session.pending && !can(session.access, rule)) throw new AppError(403, 'http.noPermission');
        req.session = session;
      },
      ...(def.permissionBy ? permissionByHooks(def.permissionBy) : {}),
      handler: async (req, reply) => {
        const audits: AuditEntry[] = [];
        let written = 0;
        let actor = req.session?.username ?? null;
        const now = app.clock.now();
        const auditRows = (entries: AuditEntry[]) =>
          entries.map((a) => ({ ...a, action: a.action ?? def.audit ?? name }));
        const who = () => ({ actorId: req.session?.userId ?? null, actor, ip: req.ip });
        const context = (db: Db): RequestContext<Endpoint> => ({
          query: req.query as never,
          body: req.body as never,
          params: req.params as never,
          session: req.session,
          db,
          locale: req.locale,
          ip: req.ip,
          now,
          req,
          reply,
          audit: (entry) => audits.push(entry),
          writeAuditNow: async () => {
            if (!mutation || def.permission === 'game') throw new Error(`endpoint ${name}: nothing to audit`);
            const entries = audits.splice(0);
            for (const a of entries) checkAuditTarget(name, auditEntities, a.target);
            await writeAudit(db, auditRows(entries), who(), app.clock.now());
            written += entries.length;
          },
          setActor: (n) => {
            actor = n;
          },
          permittedBy: {
            require(value) {
              if (!def.permissionBy) throw new Error(`endpoint ${name} declares no permissionBy`);
              if (!permittedValue(def.permissionBy, req.session, value)) throw new AppError(403, 'http.noPermission');
            },
            allowed(values) {
              const by = def.permissionBy;
              if (!by) throw new Error(`endpoint ${name} declares no permissionBy`);
              const allowed = values.filter((v) => permittedValue(by, req.session, v));
              if (allowed.length === 0) throw new AppError(403, 'http.noPermission');
              return allowed;
            },
          },
        });
        const run = (db: Db) => handler(context(db));
        let data: unknown;
        if (handler.prepare) await handler.prepare(context(deps.db));
        if (!mutation) {
          data = await run(deps.db);
        } else {
          let deferred: AppError | undefined;
          data = await deps.db.transaction(async (tx) => {
            let result: unknown;
            try {
              result = await run(tx);
            } catch (err) {
              if (err instanceof AppError && err.opts.commit) deferred = err;
              else throw err;
            }
            // Change notices (`notifies`): other instances hear them when this commits.
            if (!deferred) for (const channel of def.notifies ?? []) await notifyChange(tx, channel);
            if (def.permission !== 'game') {
              // A handler that audited nothing: the declared entity, named by the path's parameter.
              if (!deferred && audits.length === 0 && written === 0) {
                const id = Object.values((req.params ?? {}) as Record<string, unknown>)[0];
                audits.push({
                  target: id === undefined ? null : auditTarget(auditEntities[0], String(id)),
                  after: redact(req.body),
                });
              }
              for (const a of audits) checkAuditTarget(name, auditEntities, a.target);
              await writeAudit(tx, auditRows(audits), who(), app.clock.now());
            }
            return result;
          });
          if (deferred) throw deferred;
          announceChanges(deps.db, def.notifies);
        }
        if (def.raw) return data;
        return { code: 200, data, msg: 'ok' };
      },
    });
  }
}
