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
  DAY_MS,
  type EventConfig,
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
import { configLayering } from './layers.js';
import { compileConfig, configResources } from './snapshot.js';

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
  kit.register(configResource, {
    beforeSave: ({ db, doc }) => checkOverridesFitType(db, doc),
    computed: {
      activeEvents: (item, now) =>
        ((item.events ?? []) as EventConfig[]).filter((e) => configEventState(e, now.getTime()) === 'active').length,
    },
  });
  kit.register(configOverrideResource, { beforeSave: ({ db, doc, locale }) => checkOverrideValue(db, doc, locale) });

  const snapshot = await kit.view(configResources, compileConfig);
  // Tester overrides, then the layers other areas register on the kit (A/B experiments),
  // folded in one place for the game's fetch and the console's explain.
  const layeredConfig = configLayering(snapshot, kit.configLayers);
  // The config part of the player's game answer: the values and the one version they came from.
  kit.answerPart({
    name: 'config',
    part: async (db, player, now) => {
      const config = await layeredConfig(db, player, now, { expose: true });
      return { values: config.values(), version: config.version, experiments: config.experiments };
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
      const config = await layeredConfig(db, { userId: params.userId, attrs }, now, { expose: false });
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
        version: config.version,
        fields: config.explain(),
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
