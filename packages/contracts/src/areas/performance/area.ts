import { defineArea } from '../../area.js';
import { type Label, zhEn } from '../../bilingual.js';
import { performanceEndpoints } from './endpoints.js';
import { performanceRoutes } from './routes.js';

const jobs = { 'performance.prune': zhEn('清理性能数据', 'Prune performance figures') } as const satisfies Record<
  string,
  Label
>;

/** Server performance figures. */
export const performanceArea = defineArea({
  name: 'performance',
  routes: performanceRoutes,
  endpoints: performanceEndpoints,
  jobs,
});

declare module '../../area.js' {
  interface AreaJobs {
    performance: typeof jobs;
  }
  interface AreaRouteTables {
    performance: typeof performanceRoutes;
  }
}

// What the area offers the server and the console beside its declaration.
export * from './endpoints.js';
