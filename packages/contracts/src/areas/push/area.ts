import { type DefaultGrants, defineArea, type PermissionGroup } from '../../area.js';
import { zhEn } from '../../bilingual.js';
import { pushRoutes } from './routes.js';

const permissions = {
  push: {
    label: zhEn('推送', 'Push'),
    permissions: {
      pushQuery: zhEn('推送', 'Push'),
      pushTemplateQuery: zhEn('推送模板', 'Push templates'),
      pushTopicQuery: zhEn('推送订阅', 'Push topics'),
    },
  },
} as const satisfies Record<string, PermissionGroup>;

/**
 * What the built-in roles hold of its permissions by default (the roles are seeded with them;
 * `maxRole` and `admin` pass every check).
 */
const grants = {
  operation: ['pushQuery', 'pushTemplateQuery', 'pushTopicQuery'],
  developer: ['pushQuery', 'pushTemplateQuery', 'pushTopicQuery'],
  tester: ['pushQuery', 'pushTemplateQuery', 'pushTopicQuery'],
} satisfies DefaultGrants<typeof permissions>;

/** Push (pages not built yet). */
export const pushArea = defineArea({
  name: 'push',
  permissions,
  grants,
  routes: pushRoutes,
});

declare module '../../area.js' {
  interface AreaPermissionGroups {
    push: typeof permissions;
  }
  interface AreaRouteTables {
    push: typeof pushRoutes;
  }
}
