import { type Endpoint, type Locale, resourceEndpoints, resourceGameEndpoints } from '@rookery/contracts';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock.js';
import type { Database, Db } from '../db/client.js';
import { type Handler, registerEndpoints } from '../http/endpoints.js';
import { AppError, fieldErrors } from '../http/errors.js';
import { followChanges } from '../live-snapshot.js';
import { contentAnswer, contentChannels, etagMatches, newContentSnapshot } from './content.js';
import {
  type AnyResource,
  checkKey,
  deleteItem,
  documentOf,
  getItem,
  getVersion,
  itemTarget,
  itemView,
  listItems,
  listVersions,
  saveItem,
  versionView,
} from './service.js';

export interface ResourceKitDeps {
  app: FastifyInstance;
  database: Database;
  gameKeyHash: string;
  clock: Clock;
}

type Body = Record<string, unknown> & { effectiveAt?: string | null; expireAt?: string | null; comment?: string };
type Ctx = Parameters<Handler<Endpoint>>[0];

/** What an area adds to the generic handlers of its resource. */
export interface ResourceHooks {
  /**
   * Checks across items before a create, update or restore is written (in its transaction): throw
   * an AppError (400 with field messages) to refuse. E.g. a value that must fit another item's type.
   */
  beforeSave?: (db: Db, document: Record<string, unknown>, locale: Locale) => Promise<void>;
}

/** The generic handlers of one resource's endpoints, by action. */
function handlersOf(r: AnyResource, hooks: ResourceHooks): Record<string, Handler<Endpoint>> {
  const key = (ctx: Ctx) => (ctx.params as { key: string }).key;
  const save = async (ctx: Ctx, k: string, mode: 'create' | 'update') => {
    const body = ctx.body as Body;
    const document = documentOf(r, body);
    await hooks.beforeSave?.(ctx.db, document, ctx.locale);
    return saveItem(ctx.db, r, k, {
      document,
      effectiveAt: body.effectiveAt,
      expireAt: body.expireAt,
      comment: body.comment,
      actor: ctx.session?.username ?? null,
      locale: ctx.locale,
      mode,
    });
  };
  return {
    List: (ctx) => listItems(ctx.db, r, ctx.query as never),
    Get: async (ctx) => itemView(await getItem(ctx.db, r, key(ctx), ctx.locale)),
    Create: async (ctx) => {
      const k = String((ctx.body as Body)[r.key]);
      const { after } = await save(ctx, k, 'create');
      ctx.audit({ target: itemTarget(r, k), after });
      return after;
    },
    Update: async (ctx) => {
      checkKey(r, ctx.body as Body, key(ctx));
      const { before, after } = await save(ctx, key(ctx), 'update');
      ctx.audit({ target: itemTarget(r, key(ctx)), before, after });
      return after;
    },
    Delete: async (ctx) => {
      const before = await deleteItem(ctx.db, r, key(ctx), ctx.locale);
      ctx.audit({ target: itemTarget(r, key(ctx)), before, after: null });
      return { ok: true };
    },
    History: (ctx) => listVersions(ctx.db, r, key(ctx), ctx.query as never),
    Version: async (ctx) => {
      const { version } = ctx.params as { version: number };
      return versionView(await getVersion(ctx.db, r, key(ctx), version));
    },
    Restore: async (ctx) => {
      const { version } = ctx.params as { version: number };
      const old = await getVersion(ctx.db, r, key(ctx), version);
      // The schema may have changed since: an old document that no longer passes is refused.
      const parsed = r.schema.safeParse(old.document);
      if (!parsed.success)
        throw new AppError(400, 'http.validation', { fields: fieldErrors(parsed.error, ctx.locale, 'document') });
      await hooks.beforeSave?.(ctx.db, old.document, ctx.locale);
      const { before, after } = await saveItem(ctx.db, r, key(ctx), {
        document: old.document,
        effectiveAt: old.effectiveAt?.toISOString() ?? null,
        expireAt: old.expireAt?.toISOString() ?? null,
        comment: (ctx.body as Body).comment,
        restoredFrom: old.version,
        actor: ctx.session?.username ?? null,
        locale: ctx.locale,
        mode: 'restore',
      });
      ctx.audit({ target: itemTarget(r, key(ctx)), before, after: { ...after, restoredFrom: old.version } });
      return after;
    },
  };
}

/**
 * The server half of the resource kit. `register(resource)` registers a resource's console
 * endpoints (list, get, create, update, delete; history, version, restore when versioned) with
 * the generic handlers; `registerContent()` serves the game the published content of every
 * game-visible kind from a snapshot compiled once per change.
 */
export async function resourceKit({ app, database, gameKeyHash, clock }: ResourceKitDeps) {
  const deps = { db: database.db, gameKeyHash };
  const content = newContentSnapshot();
  await followChanges(database, contentChannels, content);
  return {
    content,
    register(r: AnyResource, hooks: ResourceHooks = {}) {
      const table = resourceEndpoints(r) as Record<string, Endpoint>;
      const byAction = handlersOf(r, hooks);
      const handlers = Object.fromEntries(
        Object.keys(table).map((name) => [name, byAction[name.slice(r.name.length)]]),
      );
      registerEndpoints(app, deps, table, handlers);
    },
    /** Serve the game the published content of every game-visible kind (once, by the content area). */
    registerContent() {
      registerEndpoints(app, deps, resourceGameEndpoints, {
        gameGetContent: async ({ db, query, req, reply }) => {
          const compiled = await content.get(db);
          const answer = contentAnswer(compiled, query.kinds, clock.now().getTime());
          reply.header('etag', answer.etag).header('cache-control', 'no-cache');
          if (etagMatches(req.headers['if-none-match'], answer.etag)) return reply.code(304).send() as never;
          return reply.type('application/json; charset=utf-8').send(answer.body) as never;
        },
      });
    },
  };
}

/** The kit of the process, made once in `buildApp` and handed to every module. */
export type ResourceKit = Awaited<ReturnType<typeof resourceKit>>;
