import { defineArea } from '../../area.js';
import { type AreaAudit, resourceActions } from '../../audit-kit.js';
import { zhEn } from '../../bilingual.js';
import { resourceEndpoints } from '../../resource.js';
import {
  activityResource,
  activityRewardResource,
  activityTypeLabels,
  purchaseActivityKindLabels,
  purchaseActivityResource,
} from './resources.js';
import { activityRoutes } from './routes.js';

/** Its audit vocabulary: the objects its entries name and what each action reads as. */
const audit = {
  objects: {
    purchaseActivity: {
      label: zhEn('内购活动 {id}', 'purchase activity {id}'),
      page: { route: 'productActivity', query: (id) => ({ search: id }) },
    },
    activityReward: {
      label: zhEn('活动奖励表 {id}', 'activity reward table {id}'),
      page: { route: 'activityReward', query: (id) => ({ search: id }) },
    },
    activity: {
      label: zhEn('活动 {id}', 'activity {id}'),
      page: { route: 'activityList', query: (id) => ({ search: id }) },
    },
  },
  actions: {
    ...resourceActions('purchaseActivity', zhEn('内购活动', 'purchase activity')),
    ...resourceActions('activityReward', zhEn('活动奖励表', 'activity reward table')),
    ...resourceActions('activity', zhEn('活动', 'activity')),
  },
} satisfies AreaAudit;

/** Activities: purchase activities, activity reward tables, activities. */
export const activitiesArea = defineArea({
  name: 'activities',
  values: { type: activityTypeLabels, kind: purchaseActivityKindLabels },
  audit,
  routes: activityRoutes,
  endpoints: {
    ...resourceEndpoints(purchaseActivityResource),
    ...resourceEndpoints(activityRewardResource),
    ...resourceEndpoints(activityResource),
  },
  resources: {
    purchaseActivity: purchaseActivityResource,
    activityReward: activityRewardResource,
    activity: activityResource,
  },
});

declare module '../../area.js' {
  interface AreaRouteTables {
    activities: typeof activityRoutes;
  }
}

// What the area offers the server and the console beside its declaration.
export * from './resources.js';
