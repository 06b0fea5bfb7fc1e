import { defineArea } from '../area.js';
import { type Label, zhEn } from '../bilingual.js';
import { resourceEndpoints } from '../resource.js';
import {
  abLayerResource,
  abtestEndpoints,
  abtestExposureEndpoints,
  abtestGameEndpoints,
  experimentResource,
} from '../resources/abtest.js';
import { abtestMessages } from '../resources/abtest-messages.js';
import { abtestRoutes } from '../routes/abtest.js';

const jobs = {
  'abtest.daily': zhEn('汇总 A/B 实验每日数据', 'Aggregate A/B experiments by day'),
} as const satisfies Record<string, Label>;

/** A/B tests: layers, experiments, exposures, events and results. */
export const abtestArea = defineArea({
  name: 'abtest',
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

declare module '../area.js' {
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
