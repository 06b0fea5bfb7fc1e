import {
  capitalised,
  type Endpoint,
  endHasPassed,
  futureEndsOf,
  type Locale,
  resourceEndpoints,
  resourceGameEndpoints,
  resourceVersionEndpoints,
} from '@rookery/contracts';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock.js';
import type { Database, Db } from '../db/client.js';
import { type Handler, registerEndpoints } from '../http/endpoints.js';
import { AppError, badRequest, fieldErrors } from '../http/errors.js';
import { sendPrepared } from '../http/etag.js';
import { type ConfigLayer, ConfigLayers } from './config-layers.js';
import { contentAnswer, newContentSnapshot } from './content.js';
import { CompiledView, type ItemsByKind, PlayerAnswer, type PlayerAnswerPart } from './game-views.js';
import { type ComputedColumn, exportCsv, type ListQuery } from './list.js';
import {
  bodyDocument,
  checkKey,
  deleteItem,
  findItem,
  getItem,
  getVersion,
  itemTarget,
  listItems,
  listVersions,
  nextKey,
  saveItem,
} from './service.js';
import { type AnyResource, itemView, versionView } from './views.js';

export interface ResourceKitDeps {
  app: FastifyInstance;
  database: Database;
  gameKeyHash: string;
  clock: Clock;
}

type Body = Record<string, unknown> & { effectiveAt?: string | null; expireAt?: string | null; comment?: string };
type Ctx = Parameters<Handler<Endpoint>>[0];

/** What a save hook is told: the document to write, the stored one before (null when new) and why. */
export interface BeforeSaveInput {
  /** The transaction of the save. */
  db: Db;
  doc: Record<string, unknown>;
  /** The stored document (secrets included), locked until the save commits; null on a create. */
  previous: Record<string, unknown> | null;
  mode: 'create' | 'update' | 'restore';
  /** The declared list action making this save (`list.actions`), when it is one. */
  action?: string;
  /** The service clock's time of the call. */
  now: Date;
  locale: Locale;
  /** A form's save of a kind with a `window`: the window it sets (absent on a restore or an action). */
  window?: { effectiveAt: string | null; expireAt: string | null };
}

/** What an area adds to the generic handlers of its resource. */
export interface ResourceHooks {
  /**
   * Checks across items before a create, update or restore is written (in its transaction): throw
   * an AppError (400 with field messages, 409) to refuse. E.g. a value that must fit another
   * item's type, or a field that may not change once set (compare with `previous`).
   */
  beforeSave?: (input: BeforeSaveInput) => Promise<void>;
  /**
   * Before an item is deleted (in its transaction, the item locked): throw an AppError to refuse,
   * e.g. while a running campaign still uses it.
   */
  beforeDelete?: (input: { db: Db; previous: Record<string, unknown>; locale: Locale }) => Promise<void>;
  /** The function of each computed column the declaration names (`list.computed`). */
  computed?: Record<string, ComputedColumn>;
  /**
   * What each declared action (`list.actions`) does to one item: its new document, or null to
   * leave it as it is. The kit saves it like an update (checks, version, audit) in the call's transaction.
   */
  actions?: Record<string, ListActionRun>;
}

export type ListActionRun = (item: {
  document: Record<string, unknown>;
  view: ReturnType<typeof itemView>;
  now: Date;
}) => Record<string, unknown> | null;

/** Every computed column and action the declaration names has its function, and no other. */
function checkHooks(r: AnyResource, hooks: ResourceHooks) {
  const same = (declared: object | undefined, given: object | undefined, what: string) => {
    const a = Object.keys(declared ?? {}).sort();
    const b = Object.keys(given ?? {}).sort();
    if (a.join() !== b.join()) throw new Error(`resource ${r.name}: ${what} declared ${a} but given ${b}`);
  };
  same(r.list?.computed, hooks.computed, 'computed columns');
  same(r.list?.actions, hooks.actions, 'actions');
}

/** The generic handlers of one resource's endpoints, by action. */
function handlersOf(r: AnyResource, hooks: ResourceHooks, clock: Clock): Record<string, Handler<Endpoint>> {
  const key = (ctx: Ctx) => (ctx.params as { key: string }).key;
  /** The stored document, locked for the rest of the transaction (so a hook sees what is replaced). */
  const previousOf = async (db: Db, k: string) => (await findItem(db, r.name, k, true))?.document ?? null;
  const save = async (ctx: Ctx, k: string, mode: 'create' | 'update') => {
    const body = ctx.body as Body;
    const document = bodyDocument(r, r.autoKey ? { ...body, [r.key]: Number(k) } : body);
    // An end that has already passed would reach no player: refused, unless it is the one stored.
    for (const { field, message } of futureEndsOf(r)) {
      const end = field === 'expireAt' ? body.expireAt : body[field];
      if (typeof end !== 'string' || !endHasPassed(end, clock.now().getTime())) continue;
      const row = mode === 'update' ? await findItem(ctx.db, r.name, k) : undefined;
      const stored = field === 'expireAt' ? row?.expireAt?.toISOString() : row?.document[field];
      if (typeof stored !== 'string' || Date.parse(stored) !== Date.parse(end)) throw badRequest(message, field);
    }
    if (hooks.beforeSave) {
      const previous = await previousOf(ctx.db, k);
      // The secret the body left out is the stored one: the hook sees the document as it will be.
      for (const f of r.secret ?? [])
        if (document[f] === undefined && previous?.[f] !== undefined) document[f] = previous[f];
      await hooks.beforeSave({
        db: ctx.db,
        doc: document,
        previous,
        mode,
        now: clock.now(),
        locale: ctx.locale,
        ...(r.window ? { window: { effectiveAt: body.effectiveAt ?? null, expireAt: body.expireAt ?? null } } : {}),
      });
    }
    return saveItem(ctx.db, r, k, {
      document,
      effectiveAt: body.effectiveAt,
      expireAt: body.expireAt,
      comment: body.comment,
      actor: ctx.session?.username ?? null,
      now: clock.now(),
      locale: ctx.locale,
      mode,
    });
  };
  /**
   * A document the console did not send as a form (an action's change, a restored version): the
   * schema may have changed since, so one that no longer passes is refused; then the save hook.
   */
  const checkStored = async (
    ctx: Ctx,
    document: BeforeSaveInput['doc'],
    input: Omit<BeforeSaveInput, 'db' | 'doc' | 'locale'>,
  ) => {
    const parsed = r.schema.safeParse(document);
    if (!parsed.success)
      throw new AppError(400, 'http.validation', { fields: fieldErrors(parsed.error, ctx.locale, 'document') });
    await hooks.beforeSave?.({ db: ctx.db, doc: document, locale: ctx.locale, ...input });
  };
  const computed = hooks.computed ?? {};
  const actions = Object.fromEntries(
    Object.entries(hooks.actions ?? {}).map(([name, run]): [string, Handler<Endpoint>] => [
      capitalised(name),
      async (ctx) => {
        const now = clock.now();
        let changed = 0;
        for (const k of new Set((ctx.body as { keys: string[] }).keys)) {
          const row = await getItem(ctx.db, r, k, ctx.locale, true);
          const document = run({ document: row.document, view: itemView(row, r), now });
          if (!document) continue;
          await checkStored(ctx, document, { previous: row.document, mode: 'update', action: name, now });
          const { before, after } = await saveItem(ctx.db, r, k, {
            document,
            effectiveAt: row.effectiveAt?.toISOString() ?? null,
            expireAt: row.expireAt?.toISOString() ?? null,
            actor: ctx.session?.username ?? null,
            now,
            locale: ctx.locale,
            mode: 'update',
          });
          ctx.audit({ target: itemTarget(r, k), before, after });
          changed += 1;
        }
        const keys = new Set((ctx.body as { keys: string[] }).keys).size;
        return { changed, unchanged: keys - changed };
      },
    ]),
  );
  return {
    ...actions,
    List: (ctx) => listItems(ctx.db, r, ctx.query as never, { now: clock.now(), computed }),
    Export: ({ db, query, locale, reply }) => {
      const now = clock.now();
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${r.name}-${now.toISOString().slice(0, 10)}.csv"`);
      return exportCsv(db, r, query as ListQuery, { now, locale, computed }) as never;
    },
    Get: async (ctx) => itemView(await getItem(ctx.db, r, key(ctx), ctx.locale), r),
    Create: async (ctx) => {
      const k = r.autoKey ? String(await nextKey(ctx.db, r)) : String((ctx.body as Body)[r.key]);
      const { after } = await save(ctx, k, 'create');
      ctx.audit({ target: itemTarget(r, k), after });
      return after;
    },
    Update: async (ctx) => {
      if (!r.autoKey) checkKey(r, ctx.body as Body, key(ctx));
      const { before, after } = await save(ctx, key(ctx), 'update');
      ctx.audit({ target: itemTarget(r, key(ctx)), before, after });
      return after;
    },
    Delete: async (ctx) => {
      const before = await deleteItem(
        ctx.db,
        r,
        key(ctx),
        ctx.locale,
        hooks.beforeDelete && ((previous) => hooks.beforeDelete!({ db: ctx.db, previous, locale: ctx.locale })),
      );
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
      const previous = await previousOf(ctx.db, key(ctx));
      // Versions keep no secret: the restored document keeps the stored one.
      const document = { ...old.document };
      for (const f of r.secret ?? []) if (previous?.[f] !== undefined) document[f] = previous[f];
      await checkStored(ctx, document, { previous, mode: 'restore', now: clock.now() });
      const { before, after } = await saveItem(ctx.db, r, key(ctx), {
        document,
        effectiveAt: old.effectiveAt?.toISOString() ?? null,
        expireAt: old.expireAt?.toISOString() ?? null,
        comment: (ctx.body as Body).comment,
        restoredFrom: old.version,
        actor: ctx.session?.username ?? null,
        now: clock.now(),
        locale: ctx.locale,
        mode: 'restore',
      });
      ctx.audit({ target: itemTarget(r, key(ctx)), before, after: { ...after, restoredFrom: old.version } });
      return after;
    },
  };
}

/**
 * The handlers of calls the spec gives for resources (`spec`): several resources may share them,
 * told apart by their `spec.fixed` fields (the templates' `theTable`). The item is named by the
 * spec's path parameter, searched by its query field and answered in its shape.
 */
function specHandlersOf(group: AnyResource[], hooks: ResourceHooks, clock: Clock): Record<string, Handler<Endpoint>> {
  const specOf = (r: AnyResource) => r.spec as NonNullable<AnyResource['spec']>;
  const pick = (input: unknown): AnyResource => {
    const fields = (input ?? {}) as Record<string, unknown>;
    const r = group.find((x) => Object.entries(specOf(x).fixed ?? {}).every(([k, v]) => fields[k] === v));
    if (!r) throw new Error(`no resource of ${group.map((x) => x.name).join(', ')} matches the call`);
    return r;
  };
  const paramOf = (r: AnyResource, ctx: Ctx) =>
    String((ctx.params as Record<string, unknown>)[specOf(r).keyParam ?? 'key']);
  const answer = (r: AnyResource, item: ReturnType<typeof itemView>) => specOf(r).answer?.(item) ?? item;
  const handlers = new Map(group.map((r) => [r, handlersOf(r, hooks, clock)]));
  const byAction = (r: AnyResource) => handlers.get(r)!;
  const withKey = (r: AnyResource, ctx: Ctx): Ctx => ({ ...ctx, params: { key: paramOf(r, ctx) } }) as Ctx;
  return {
    list: async (ctx) => {
      const r = pick(ctx.query);
      const q = ctx.query as Record<string, unknown>;
      const search = q[specOf(r).searchParam ?? 'search'] as string | undefined;
      const page = await listItems(
        ctx.db,
        r,
        { page: q.page as number, pageSize: q.pageSize as number, search },
        { now: clock.now() },
      );
      return { ...page, list: page.list.map((item) => answer(r, item)) };
    },
    get: async (ctx) => {
      const r = pick(ctx.query);
      return answer(r, (await byAction(r).Get(withKey(r, ctx))) as never);
    },
    create: async (ctx) => {
      const r = pick(ctx.body);
      return answer(r, (await byAction(r).Create(ctx)) as never);
    },
    update: async (ctx) => {
      const r = pick(ctx.body);
      return answer(r, (await byAction(r).Update(withKey(r, ctx))) as never);
    },
    delete: async (ctx) => {
      const r = pick(ctx.query);
      return byAction(r).Delete(withKey(r, ctx));
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
  await content.follow(database);
  const playerAnswer = new PlayerAnswer();
  const configLayers = new ConfigLayers();
  // What the game reads is declared while the areas start; once ready, a late declaration fails.
  app.addHook('onReady', async () => {
    playerAnswer.seal();
    configLayers.seal();
  });
  return {
    content,
    /**
     * Declare a game-facing view: a live snapshot compiled from the items of `resources` once per
     * change of any of them (in any instance). Config, the game door and the content use it.
     */
    async view<C>(resources: readonly AnyResource[], compile: (items: ItemsByKind) => C): Promise<CompiledView<C>> {
      const view = new CompiledView(resources, compile);
      await view.follow(database);
      return view;
    },
    /**
     * Declare a check of the game's door (maintenance, forced upgrade, an upgrade prompt): run
     * before the config's answer and before every other per-player game read (`admitPlayer`),
     * whatever order the areas registered in. It refuses by throwing an AppError or adds fields
     * to the config's answer.
     */
    doorPart(part: Omit<PlayerAnswerPart, 'stage'>) {
      playerAnswer.declare({ ...part, stage: 'admit' });
    },
    /**
     * The config area's answer to the player's game read (one only). Other areas add to what it
     * holds with a config layer (`configLayer`).
     */
    answerPart(part: Omit<PlayerAnswerPart, 'stage'>) {
      playerAnswer.declare({ ...part, stage: 'answer' });
    },
    /**
     * Plug a layer into remote config (A/B experiments, later segments): below the tester
     * overrides, by ascending `order`. A second layer of a name or order, or one after the
     * server started, is refused.
     */
    configLayer(layer: ConfigLayer) {
      configLayers.add(layer);
    },
    /** The registered config layers, by ascending order (the config area folds them). */
    configLayers: () => configLayers.list(),
    /** The player's game answer: every declared part, evaluated for this player at `now`. */
    playerAnswer: playerAnswer.evaluate.bind(playerAnswer),
    /**
     * The game's door for every other per-player read (the store, the mailbox): the admit parts
     * only, so maintenance and a forced upgrade refuse them as they refuse the login and the config.
     */
    admitPlayer: playerAnswer.admit.bind(playerAnswer),
    register(r: AnyResource, hooks: ResourceHooks = {}) {
      if (r.spec) throw new Error(`resource ${r.name} maps onto the spec's calls: registerSpec`);
      checkHooks(r, hooks);
      const table = resourceEndpoints(r) as Record<string, Endpoint>;
      const byAction = handlersOf(r, hooks, clock);
      const handlers = Object.fromEntries(
        Object.keys(table).map((name) => [name, byAction[name.slice(r.name.length)]]),
      );
      registerEndpoints(app, deps, table, handlers);
    },
    /**
     * Serve resources whose calls the spec gives (`spec`), from `table` (the area's endpoint
     * table), with the kit's storage, checks and audit: one handler per call for the group.
     */
    registerSpec(group: AnyResource[], table: Record<string, Endpoint>, hooks: ResourceHooks = {}) {
      const spec = group[0].spec;
      if (!spec || group.some((r) => JSON.stringify(r.spec?.endpoints) !== JSON.stringify(spec.endpoints)))
        throw new Error(`resources ${group.map((r) => r.name).join(', ')} do not share their spec calls`);
      const byCall = specHandlersOf(group, hooks, clock);
      const names = Object.entries(spec.endpoints) as [keyof typeof spec.endpoints, string][];
      registerEndpoints(
        app,
        deps,
        Object.fromEntries(names.map(([, name]) => [name, table[name]])),
        Object.fromEntries(names.map(([call, name]) => [name, byCall[call]])),
      );
      // Their versions, diff and restore are the kit's own calls, one resource each.
      for (const r of group) {
        if (!r.versioned) continue;
        const versions = resourceVersionEndpoints(r as never) as Record<string, Endpoint>;
        const byAction = handlersOf(r, hooks, clock);
        registerEndpoints(
          app,
          deps,
          versions,
          Object.fromEntries(Object.keys(versions).map((name) => [name, byAction[name.slice(r.name.length)]])),
        );
      }
    },
    /** Serve the game the published content of every game-visible kind (once, by the content area). */
    registerContent() {
      registerEndpoints(app, deps, resourceGameEndpoints, {
        gameGetContent: async ({ db, query, req, reply }) => {
          const compiled = await content.get(db);
          const answer = contentAnswer(compiled, query.kinds, clock.now().getTime());
          return sendPrepared(req, reply, answer);
        },
      });
    },
  };
}

/** The kit of the process, made once in `buildApp` and handed to every module. */
export type ResourceKit = Awaited<ReturnType<typeof resourceKit>>;
