import { ExperimentOutlined } from '@ant-design/icons';
import { chunkPages, type WebArea } from '../shared/area';

/** The abtest area: its pages by route name, its menu icons. Listed once in `app/areas.ts`. */
export const abtestArea = {
  name: 'abtest',
  pages: {
    ...chunkPages(
      () => import('./pages').then((m) => m.abtestPages),
      [
        'abtestExperiment',
        'abtestExperimentEdit',
        'abtestExperimentDetail',
        'abtestVariation',
        'abtestTraffic',
        'abtestLayer',
        'abtestBucket',
      ],
    ),
  },
  icons: { ExperimentOutlined },
} satisfies WebArea;
