import { defineArea } from '../area.js';
import { resourceEndpoints } from '../resource.js';
import { activityResource, activityRewardResource, purchaseActivityResource } from '../resources/activity.js';
import { activityRoutes } from '../routes/store.js';

/** Activities: purchase activities, activity reward tables, activities. */
export const activitiesArea = defineArea({
  name: 'activities',
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

declare module '../area.js' {
  interface AreaRouteTables {
    activities: typeof activityRoutes;
  }
}
