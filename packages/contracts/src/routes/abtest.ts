import { defineRoutes, ops, under } from './types.js';

/** A/B tests: experiments, layers, buckets. */
export const abtestRoutes = defineRoutes([
  {
    path: '/abtest',
    name: 'abtest',
    icon: 'ExperimentOutlined',
    redirect: '/abtest/experiment',
    auth: ops('configQuery'),
    children: [
      { path: 'experiment', name: 'abtestExperiment', built: true },
      {
        path: 'experiment/edit',
        name: 'abtestExperimentEdit',
        ...under('abtestExperiment'),
        auth: ops('configCreate'),
        built: true,
      },
      { path: 'experiment/detail', name: 'abtestExperimentDetail', ...under('abtestExperiment'), built: true },
      {
        path: 'experiment/variation',
        name: 'abtestVariation',
        ...under('abtestExperiment'),
        auth: ops('configCreate'),
        built: true,
      },
      {
        path: 'experiment/traffic',
        name: 'abtestTraffic',
        ...under('abtestExperiment'),
        auth: ops('configCreate'),
        built: true,
      },
      { path: 'layer', name: 'abtestLayer', built: true },
      { path: 'bucket', name: 'abtestBucket', built: true },
    ],
  },
]);
