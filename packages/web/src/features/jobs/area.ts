import type { WebArea } from '../shared/area';

/** The jobs area: its pages by route name, its menu icons. Listed once in `app/areas.ts`. */
export const jobsArea = {
  name: 'jobs',
  pages: {
    systemJobs: () => import('./JobsPage'),
  },
} satisfies WebArea;
