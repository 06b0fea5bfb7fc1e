import { defineRoutes, ops } from './types.js';

/** A/B tests: experiments, layers, buckets (not built yet). */
export const abtestRoutes = defineRoutes([
  {
    path: '/abtest',
    name: 'abtest',
    icon: 'ExperimentOutlined',
    redirect: '/abtest/experiment',
    auth: ops('configQuery'),
    children: [
      { path: 'experiment', name: 'abtestExperiment' },
      {
        path: 'experiment/edit',
        name: 'abtestExperimentEdit',
        activeMenu: 'abtestExperiment',
        hideInMenu: true,
        auth: ops('configCreate'),
      },
      { path: 'experiment/detail', name: 'abtestExperimentDetail', activeMenu: 'abtestExperiment', hideInMenu: true },
      {
        path: 'experiment/variation',
        name: 'abtestVariation',
        activeMenu: 'abtestExperiment',
        hideInMenu: true,
        auth: ops('configCreate'),
      },
      {
        path: 'experiment/traffic',
        name: 'abtestTraffic',
        activeMenu: 'abtestExperiment',
        hideInMenu: true,
        auth: ops('configCreate'),
      },
      { path: 'layer', name: 'abtestLayer' },
      { path: 'bucket', name: 'abtestBucket' },
    ],
  },
]);
