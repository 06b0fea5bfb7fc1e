import { defineArea } from '../../area.js';
import { type Label, zhEn } from '../../bilingual.js';
import { dashboardEndpoints } from './endpoints.js';
import { dashboardRoutes } from './routes.js';

const jobs = { 'dashboard.rollup': zhEn('汇总玩家活跃数据', 'Roll up player activity') } as const satisfies Record<
  string,
  Label
>;

/** The console home. */
export const dashboardArea = defineArea({
  name: 'dashboard',
  routes: dashboardRoutes,
  endpoints: dashboardEndpoints,
  jobs,
});

declare module '../../area.js' {
  interface AreaJobs {
    dashboard: typeof jobs;
  }
  interface AreaRouteTables {
    dashboard: typeof dashboardRoutes;
  }
}

// What the area offers the server and the console beside its declaration.
export * from './endpoints.js';
