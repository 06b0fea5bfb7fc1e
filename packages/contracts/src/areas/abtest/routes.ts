import { zhEn } from '../../bilingual.js';
import { defineRoutes, ops, under } from '../../routes/types.js';

/** A/B tests: experiments, layers, buckets. */
export const abtestRoutes = defineRoutes([
  {
    path: '/abtest',
    name: 'abtest',
    title: zhEn('A/B 测试', 'A/B tests'),
    icon: 'ExperimentOutlined',
    redirect: '/abtest/experiment',
    auth: ops('configQuery'),
    children: [
      { path: 'experiment', name: 'abtestExperiment', title: zhEn('实验', 'Experiments'), built: true },
      {
        path: 'experiment/edit',
        name: 'abtestExperimentEdit',
        title: zhEn('编辑实验', 'Edit experiment'),
        newTitle: zhEn('新建实验', 'New experiment'),
        ...under('abtestExperiment'),
        auth: ops('configCreate'),
        built: true,
      },
      {
        path: 'experiment/detail',
        name: 'abtestExperimentDetail',
        title: zhEn('实验详情', 'Experiment detail'),
        ...under('abtestExperiment'),
        built: true,
      },
      {
        path: 'experiment/variation',
        name: 'abtestVariation',
        title: zhEn('实验分组', 'Variations'),
        ...under('abtestExperiment'),
        auth: ops('configCreate'),
        built: true,
      },
      {
        path: 'experiment/traffic',
        name: 'abtestTraffic',
        title: zhEn('流量分配', 'Traffic allocation'),
        ...under('abtestExperiment'),
        auth: ops('configCreate'),
        built: true,
      },
      { path: 'layer', name: 'abtestLayer', title: zhEn('实验层', 'Layers'), built: true },
      { path: 'bucket', name: 'abtestBucket', title: zhEn('分桶', 'Buckets'), built: true },
    ],
  },
]);
