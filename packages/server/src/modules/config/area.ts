import {
  type ConfigField,
  type ConfigOverride,
  type ConfigPlayer,
  configEndpoints,
  configEventState,
  configGameEndpoints,
  configOverrideResource,
  configResource,
  configValueError,
  configValueTypeLabels,
  DAY_MS,
  type EventConfig,
  type ExperimentAssignment,
  evaluateConfig,
  explainConfig,
  type Locale,
} from '@rookery/contracts';
import { defineArea, type ModuleDeps } from '../../module.js';
import type { Db } from '../../platform/db/client.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { sendCached } from '../../platform/http/etag.js';
import { itemDocuments, itemRows } from '../../platform/resources/items.js';
import { findItem } from '../../platform/resources/service.js';
import { itemView } from '../../platform/resources/views.js';
import { readPlayerAttributes } from '../players/service.js';
import { compileConfig, configResources } from './snapshot.js';

/** The running experiments a player is in now: the variables they set and what the game is told. */
export interface PlayerExperiments {
  /** Config field → the value an experiment gives it (below a tester override). */
  variables: ReadonlyMap<string, ExperimentAssignment>;
  /** The game's `experiments`: each experiment the player is in and their variation. */
  list: { key: string; variation: number; variationName: string }[];
  /** The experiments' version: part of the config's version, so no change hides behind a 304. */
  version: string;
}

/**
 * Where the A/B area plugs into remote config (`app.remoteConfig.experiments`, read at every
 * evaluation): a running experiment's variable then comes right after a tester override.
 * `expose` is true for the game's fetch (an exposure is recorded) and false for "test on a
 * player". Deleting a field a running experiment uses is refused by the kit's reference check
 * (the experiment resource's `references`). Other parts of the game's answer (the door's upgrade
 * prompt, the store) are declared on the kit (`kit.answerPart`), not here.
 */
export interface RemoteConfigHooks {
  experiments:
    | ((db: Db, player: ConfigPlayer, now: Date, opts: { expose: boolean }) => Promise<PlayerExperiments | undefined>)
    | undefined;
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
  const overrides = await itemDocuments<ConfigOverride>(db, configOverrideResource, { matching: { field: f.name } });
  for (const o of overrides) {
    if (configValueError(f.type, o.value))
      throw new AppError(400, 'config.typeChangeMsg', {
        vars: { override: o.name },
        fields: [{ field: 'type', message: 'config.typeConflict' }],
      });
  }
}

/**
 * Remote config (issue 11): fields and tester overrides on the resource kit (versions, diff,
 * restore, audit), "Test on a player", and the game's per-player config fetch, evaluated from a
 * snapshot compiled once per change (any instance's change reaches the others by NOTIFY).
 */
async function register(deps: ModuleDeps) {
  const { app, database, clock, kit } = deps;
  const hooks: RemoteConfigHooks = { experiments: undefined };
  app.decorate('remoteConfig', hooks);

  kit.register(configResource, {
    beforeSave: ({ db, doc }) => checkOverridesFitType(db, doc),
    computed: {
      activeEvents: (item, now) =>
        ((item.events ?? []) as EventConfig[]).filter((e) => configEventState(e, now.getTime()) === 'active').length,
    },
  });
  kit.register(configOverrideResource, { beforeSave: ({ db, doc, locale }) => checkOverrideValue(db, doc, locale) });

  const snapshot = await kit.view(configResources, compileConfig);
  // The config part of the player's game answer: the values and the version they came from.
  kit.answerPart({
    name: 'config',
    stage: 'answer',
    part: async (db, player, now) => {
      const compiled = await snapshot.get(db);
      const ab = await hooks.experiments?.(db, player, now, { expose: true });
      const values = evaluateConfig(compiled, player, now.getTime(), ab && (() => ab.variables));
      return {
        values,
        version: ab ? `${compiled.version}.${ab.version}` : compiled.version,
        experiments: ab?.list ?? [],
      };
    },
  });

  const attributesOf = async (db: Db, userId: number, now: Date) => {
    const attrs = await readPlayerAttributes(db, userId, now);
    if (!attrs) throw notFound('player.notFound');
    return attrs;
  };

  const registry = { db: database.db, gameKeyHash: deps.gameKeyHash };
  registerEndpoints(app, registry, configEndpoints, {
    configExplain: async ({ db, params }) => {
      const now = clock.now();
      const attrs = await attributesOf(db, params.userId, now);
      const compiled = await snapshot.get(db);
      const player = { userId: params.userId, attrs };
      const ab = await hooks.experiments?.(db, player, now, { expose: false });
      const lastLogin = attrs.lastLogin ? new Date(attrs.lastLogin) : null;
      return {
        userId: params.userId,
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
        version: ab ? `${compiled.version}.${ab.version}` : compiled.version,
        fields: explainConfig(compiled, player, now.getTime(), ab && (() => ab.variables)),
      };
    },
    configPlayerOverrides: async ({ db, params }) => {
      await attributesOf(db, params.userId, clock.now());
      const rows = await itemRows<ConfigOverride>(db, configOverrideResource, {
        matching: { userIds: [params.userId] },
        orderBy: { field: 'endAt' },
      });
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
      const now = clock.now();
      const attrs = await attributesOf(db, userId, now);
      // The door (503 maintenance, 426 forced upgrade, an upgrade prompt) and config's values are
      // parts declared on the kit; the door's are checked first.
      const data = await kit.playerAnswer(db, { userId, attrs, ip: req.ip, locale: req.locale }, now);
      return sendCached(req, reply, JSON.stringify({ code: 200, data, msg: 'ok' }));
    },
  });
}

export const configArea = defineArea({ name: 'config', needs: ['players'], register });
