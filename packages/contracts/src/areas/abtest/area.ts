import { defineArea } from '../../area.js';
import { type AreaAudit, resourceActions } from '../../audit-kit.js';
import { type Label, zhEn } from '../../bilingual.js';
import { resourceEndpoints } from '../../resource.js';
import { abtestMessages } from './messages.js';
import {
  abLayerResource,
  abtestEndpoints,
  abtestExposureEndpoints,
  abtestGameEndpoints,
  experimentResource,
} from './resources.js';
import { abtestRoutes } from './routes.js';

const jobs = {
  'abtest.daily': zhEn('汇总 A/B 实验每日数据', 'Aggregate A/B experiments by day'),
} as const satisfies Record<string, Label>;

/** Its audit vocabulary: the objects its entries name and what each action reads as. */
const audit = {
  objects: {
    abLayer: {
      label: zhEn('实验层 {id}', 'layer {id}'),
      page: { route: 'abtestLayer', query: (id) => ({ search: id }) },
    },
    experiment: {
      label: zhEn('实验 {id}', 'experiment {id}'),
      page: { route: 'abtestExperimentDetail', query: (id) => ({ key: id }) },
    },
  },
  actions: {
    ...resourceActions('abLayer', zhEn('实验层', 'layer')),
    ...resourceActions('experiment', zhEn('实验', 'experiment')),
  },
} satisfies AreaAudit;

/** A/B tests: layers, experiments, exposures, events and results. */
export const abtestArea = defineArea({
  name: 'abtest',
  audit,
  routes: abtestRoutes,
  endpoints: {
    ...resourceEndpoints(abLayerResource),
    ...resourceEndpoints(experimentResource),
    ...abtestEndpoints,
    ...abtestExposureEndpoints,
    ...abtestGameEndpoints,
  },
  resources: { abLayer: abLayerResource, experiment: experimentResource },
  messages: abtestMessages,
  jobs,
});

declare module '../../area.js' {
  interface AreaJobs {
    abtest: typeof jobs;
  }
  interface AreaRouteTables {
    abtest: typeof abtestRoutes;
  }
  interface AreaMessages {
    abtest: typeof abtestMessages;
  }
}

export * from './experiment-stats.js';
export * from './experiments.js';
// What the area offers the server and the console beside its declaration.
export * from './resources.js';
