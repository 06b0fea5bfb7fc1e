import {
  abLayerResource,
  abtestEndpoints,
  abtestExposureEndpoints,
  abtestGameEndpoints,
  experimentResource,
} from '@rookery/contracts';
import { defineArea, type ModuleDeps } from '../../module.js';
import { registerEndpoints } from '../../platform/http/endpoints.js';
import { compileExperiments, playerExperiments } from './compiled.js';
import { abDailyJob } from './daily.js';
import { ExposureRecorder } from './exposures.js';
import { abtestExposureHandlers, abtestGameHandlers, abtestHandlers } from './handlers.js';
import { beforeExperimentSave, experimentActions } from './lifecycle.js';
import * as tables from './tables.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Exposures, buffered off the config fetch (tests flush it). */
    abExposures: ExposureRecorder;
  }
}

/** Where A/B experiments sit among remote config's layers (lower comes first; segments may take 200). */
export const EXPERIMENTS_LAYER_ORDER = 100;

/**
 * A/B tests (issue 30): layers and experiments on the resource kit with the lifecycle of
 * `lifecycle.ts`, the running experiments compiled once per change into remote config's
 * evaluation as a config layer (`kit.configLayer`), and the console calls of the screens: the impact of
 * a change, the buckets, results and the experiments forcing a player.
 */
async function register(deps: ModuleDeps) {
  const { app, database, clock, kit, gameKeyHash } = deps;
  const exposures = new ExposureRecorder(database.db, app.log);
  app.decorate('abExposures', exposures);
  app.addHook('onClose', () => exposures.close());
  kit.register(abLayerResource);
  kit.register(experimentResource, { beforeSave: beforeExperimentSave, actions: experimentActions });

  const view = await kit.view([experimentResource], compileExperiments);
  // Remote config's experiments layer: a running experiment's variable comes right after a tester override.
  kit.configLayer({
    name: 'experiments',
    order: EXPERIMENTS_LAYER_ORDER,
    layer: async (db, player, now, { expose }) =>
      playerExperiments(await view.get(db), player, now, expose ? (e) => exposures.record(e) : undefined),
  });

  const registry = { db: database.db, gameKeyHash };
  registerEndpoints(app, registry, abtestEndpoints, abtestHandlers(clock));

  registerEndpoints(app, registry, abtestExposureEndpoints, abtestExposureHandlers());

  registerEndpoints(app, registry, abtestGameEndpoints, abtestGameHandlers(clock));
}

export const abtestArea = defineArea({
  name: 'abtest',
  needs: ['config', 'players'],
  tables,
  jobs: [abDailyJob],
  register,
});
