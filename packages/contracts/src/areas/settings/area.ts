import { type DefaultGrants, defineArea, type GrantList, type PermissionGroup } from '../../area.js';
import { zhEn } from '../../bilingual.js';
import { settingRoutes } from './routes.js';

const permissions = {
  setting: {
    label: zhEn('设置', 'Settings'),
    permissions: {
      maintenanceQuery: zhEn('维护设置', 'Maintenance'),
      gameItemConfigQuery: zhEn('查询道具配置', 'Query item config'),
      // Not in the spec's list: the item settings and ways of consumption are edited (docs/decisions/2026-11-25-the-rest-of-the-store-activities-settings-purchase.md).
      gameItemConfigEdit: zhEn('编辑道具配置', 'Edit item config'),
      dictQuery: zhEn('查询字典', 'Query dictionary'),
      dictEdit: zhEn('编辑字典', 'Edit dictionary'),
      constQuery: zhEn('查询常量', 'Query constants'),
      constEdit: zhEn('编辑常量', 'Edit constants'),
      configQuery: zhEn('查询远程配置', 'Query remote config'),
      configCreate: zhEn('编辑远程配置', 'Edit remote config'),
      configDelete: zhEn('删除远程配置', 'Delete remote config'),
      appUpgradeQuery: zhEn('版本升级', 'Version upgrade'),
    },
  },
} as const satisfies Record<string, PermissionGroup>;

/** What every role that works with the area reads. */
const reads: GrantList<typeof permissions> = [
  'maintenanceQuery',
  'gameItemConfigQuery',
  'dictQuery',
  'constQuery',
  'configQuery',
  'appUpgradeQuery',
];
/** What operations and developers hold: the reads and every change. */
const edits: GrantList<typeof permissions> = [
  ...reads,
  'constEdit',
  'dictEdit',
  'gameItemConfigEdit',
  'configCreate',
  'configDelete',
];
/**
 * What the built-in roles hold of its permissions by default (the roles are seeded with them;
 * `maxRole` and `admin` pass every check).
 */
const grants = {
  operation: edits,
  developer: edits,
  tester: reads,
} satisfies DefaultGrants<typeof permissions>;

/** The settings menu: maintenance, items, dictionary, constants, remote config, version upgrade pages (their resources are the content, config, gamegate and store areas'). */
export const settingsArea = defineArea({
  name: 'settings',
  permissions,
  grants,
  routes: settingRoutes,
});

declare module '../../area.js' {
  interface AreaPermissionGroups {
    settings: typeof permissions;
  }
  interface AreaRouteTables {
    settings: typeof settingRoutes;
  }
}
