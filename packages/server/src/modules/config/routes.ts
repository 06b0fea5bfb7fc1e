import { createHash } from 'node:crypto';
import {
  type ConfigField,
  type ConfigOverride,
  configEndpoints,
  configEventState,
  configGameEndpoints,
  configOverrideResource,
  configResource,
  configValueError,
  configValueTypeLabels,
  type EventConfig,
  type ExperimentVariables,
  evaluateConfig,
  explainConfig,
  type Locale,
  type PlayerAttributes,
} from '@rookery/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ModuleDeps } from '../../app.js';
import type { Db } from '../../platform/db/client.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { followChanges } from '../../platform/live-snapshot.js';
import { etagMatches } from '../../platform/resources/content.js';
import { findItem, itemView } from '../../platform/resources/service.js';
import { resourceItems } from '../../platform/resources/tables.js';
import { configChannels, newConfigSnapshot, readPlayerAttributes } from './snapshot.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the game's config fetch knows when a later area adds its answer. */
export interface ConfigFetchInput {
  userId: number;
  attrs: PlayerAttributes;
  req: FastifyRequest;
  /** The service clock. */
  now: Date;
}

/**
 * Extension points of remote config, for the areas that build on it (`app.remoteConfig`):
 * - `experiments`: the A/B area sets it; a running experiment's variable then comes right after
 *   a tester override. Deleting a field a running experiment uses is refused by the kit's
 *   reference check: the experiments resource declares `references: [{ field, kind: 'config',
 *   keys: (doc) => (running ? its variables' fields : []) }]`, and the kit refuses the delete
 *   naming the experiment.
 * - `fetchHooks`: run in order before the values are computed. Maintenance throws its 503
 *   (message and end time), a forced upgrade its 426; an answer to add (`{ upgrade: {...} }`) is
 *   returned and merged into the body next to `values` and `version`.
 */
export interface RemoteConfigHooks {
  experiments: ExperimentVariables | undefined;
  fetchHooks: ((
    input: ConfigFetchInput,
  ) => Promise<Record<string, unknown> | undefined> | Record<string, unknown> | undefined)[];
}

declare module 'fastify' {
  interface FastifyInstance {
    remoteConfig: RemoteConfigHooks;
  }
}

/** 400 on `value` when an override's value does not fit its field's type. */
async function checkOverrideValue(db: Db, doc: Record<string, unknown>, locale: Locale) {
  const o = doc as ConfigOverride;
  const field = await findItem(db, configResource.name, o.field);
  // A missing field is the kit's reference check's to report.
  if (!field) return;
  const type = (field.document as ConfigField).type;
  const error = configValueError(type, o.value);
  if (error)
    throw new AppError(400, 'config.overrideTypeMsg', {
      vars: { field: o.field, type: configValueTypeLabels[type][locale] },
      fields: [{ field: 'value', message: error }],
    });
}

/** A field's type may change only when the overrides pinning it hold values of the new type. */
async function checkOverridesFitType(db: Db, doc: Record<string, unknown>) {
  const f = doc as ConfigField;
  const overrides = await db
    .select({ document: resourceItems.document })
    .from(resourceItems)
    .where(
      and(eq(resourceItems.kind, configOverrideResource.name), sql`${resourceItems.document}->>'field' = ${f.name}`),
    )
    .orderBy(resourceItems.key);
  for (const { document } of overrides) {
    const o = document as ConfigOverride;
    if (configValueError(f.type, o.value))
      throw new AppError(400, 'config.typeChangeMsg', {
        vars: { override: o.name },
        fields: [{ field: 'type', message: 'config.typeConflict' }],
      });
  }
}

const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

/**
 * Remote config (issue 11): fields and tester overrides on the resource kit (versions, diff,
 * restore, audit), "Test on a player", and the game's per-player config fetch, evaluated from a
 * snapshot compiled once per change (any instance's change reaches the others by NOTIFY).
 */
export async function configModule(deps: ModuleDeps) {
  const { app, database, clock, kit } = deps;
  const hooks: RemoteConfigHooks = { experiments: undefined, fetchHooks: [] };
  app.decorate('remoteConfig', hooks);

  kit.register(configResource, {
    beforeSave: (db, doc) => checkOverridesFitType(db, doc),
    computed: {
      activeEvents: (item, now) =>
        ((item.events ?? []) as EventConfig[]).filter((e) => configEventState(e, now.getTime()) === 'active').length,
    },
  });
  kit.register(configOverrideResource, { beforeSave: checkOverrideValue });

  const snapshot = newConfigSnapshot();
  await followChanges(database, configChannels, snapshot);

  const attributesOf = async (db: Db, userId: number) => {
    const attrs = await readPlayerAttributes(db, userId);
    if (!attrs) throw notFound('player.notFound');
    return attrs;
  };

  const registry = { db: database.db, gameKeyHash: deps.gameKeyHash };
  registerEndpoints(app, registry, configEndpoints, {
    configExplain: async ({ db, params }) => {
      const attrs = await attributesOf(db, params.userId);
      const compiled = await snapshot.get(db);
      const now = clock.now();
      const lastLogin = attrs.lastLogin instanceof Date ? attrs.lastLogin : null;
      return {
        userId: params.userId,
        version: compiled.version,
        at: now.toISOString(),
        attributes: {
          os: attrs.os ?? null,
          appVersion: attrs.appVersion ?? null,
          appLanguage: attrs.appLanguage ?? null,
          country: attrs.country ?? null,
          lastLogin: lastLogin?.toISOString() ?? null,
          notLoginDays: lastLogin ? Math.max(0, Math.floor((now.getTime() - lastLogin.getTime()) / DAY_MS)) : null,
          userType: attrs.userType ?? 'normal',
          habitatCount: attrs.habitatCount ?? 0,
        },
        fields: explainConfig(compiled, { userId: params.userId, attrs }, now.getTime(), hooks.experiments),
      };
    },
    configPlayerOverrides: async ({ db, params }) => {
      await attributesOf(db, params.userId);
      const rows = await db
        .select()
        .from(resourceItems)
        .where(
          and(
            eq(resourceItems.kind, configOverrideResource.name),
            sql`${resourceItems.document}->'userIds' @> ${JSON.stringify([params.userId])}::jsonb`,
          ),
        )
        .orderBy(sql`${resourceItems.document}->>'endAt'`, resourceItems.key);
      const now = clock.now().getTime();
      return {
        list: rows.map((row) => ({
          ...(itemView(row) as ReturnType<typeof itemView> & ConfigOverride),
          active: Date.parse((row.document as ConfigOverride).endAt) > now,
        })),
      };
    },
  });

  registerEndpoints(app, registry, configGameEndpoints, {
    gameGetConfig: async ({ db, params, req, reply }) => {
      const { userId } = params;
      const attrs = await attributesOf(db, userId);
      const now = clock.now();
      // Maintenance (503) and version upgrade (426, or `upgrade` in the answer) plug in here.
      let extra: Record<string, unknown> | undefined;
      for (const hook of hooks.fetchHooks) {
        const added = await hook({ userId, attrs, req, now });
        if (added) extra = { ...extra, ...added };
      }
      const compiled = await snapshot.get(db);
      const values = evaluateConfig(compiled, { userId, attrs }, now.getTime(), hooks.experiments);
      const body = JSON.stringify({ code: 200, data: { ...extra, values, version: compiled.version }, msg: 'ok' });
      const etag = etagOf(body);
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (etagMatches(req.headers['if-none-match'], etag)) return reply.code(304).send() as never;
      return reply.type('application/json; charset=utf-8').send(body) as never;
    },
  });
}
