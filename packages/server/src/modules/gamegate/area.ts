import {
  appUpgradeResource,
  gamegateEndpoints,
  ipCountryResource,
  maintenanceAllowListResource,
  maintenanceWindowResource,
  upgradeLevelResource,
  windowStateAt,
} from '@rookery/contracts';
import { defineArea, type ModuleDeps } from '../../module.js';
import { scheduleHousekeeping } from '../../platform/housekeeping.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { gameGate } from './gate.js';
import * as tables from './tables.js';

/** How often each instance looks for maintenance windows that started or ended, to log them. */
const TRANSITION_CHECK_MS = 15_000;

/**
 * Maintenance, version upgrade and IP country: their configuration is declared with the resource
 * kit; the game login (players/game-handlers.ts) checks callers with `gameGate`; the config, store and mailbox reads pass its admit part.
 */
async function register(deps: ModuleDeps) {
  const { app, database, kit } = deps;
  const stateOf = (w: Record<string, unknown>, now: Date) =>
    windowStateAt(w.startAt as string, w.endAt as string, now.getTime());
  kit.register(maintenanceWindowResource, {
    computed: { state: (item, now) => stateOf(item, now) },
    // A running window ends at the service clock's now; one to come or over stays as it is.
    actions: {
      endNow: ({ document, now }) =>
        stateOf(document, now) === 'active' ? { ...document, endAt: now.toISOString() } : null,
    },
  });
  for (const r of [maintenanceAllowListResource, appUpgradeResource, upgradeLevelResource, ipCountryResource])
    kit.register(r);
  const gate = await gameGate(deps);
  // Every per-player game answer (the config fetch) passes the same door first: 503 in
  // maintenance, 426 forced, `upgrade` beside the answer. The attributes are the player's (the
  // last login's os, version, language, country).
  kit.doorPart({
    name: 'gate',
    part: async (db, { userId, attrs, ip, locale }) => {
      const { upgrade } = await gate.admit(db, {
        ip,
        userId,
        os: attrs.os,
        appVersion: attrs.appVersion,
        language: attrs.appLanguage,
        locale,
        country: attrs.country,
        attributes: attrs,
      });
      return upgrade ? { upgrade } : undefined;
    },
  });
  scheduleHousekeeping(app, 'maintenance', () => gate.recordTransitions(database.db), TRANSITION_CHECK_MS);
  registerEndpoints(app, { db: database.db, gameKeyHash: deps.gameKeyHash }, gamegateEndpoints, {
    maintenanceActive: async ({ db }) => {
      // The header polls this: a start or end it sees first is logged at once.
      await gate.recordTransitions(database.db);
      const active = await gate.active(db);
      return {
        active: active.map((w) => ({
          name: w.name,
          startAt: new Date(w.start),
          endAt: new Date(w.end),
          'zh-CN': w.text['zh-CN'],
          'en-US': w.text['en-US'],
        })),
      };
    },
    ipCountryLookup: async ({ db, query }) => {
      const compiled = await gate.compiled(db);
      return { ip: query.ip, ...compiled.ip.lookup(query.ip) };
    },
  });
}

export const gamegateArea = defineArea({ name: 'gamegate', tables, register });
