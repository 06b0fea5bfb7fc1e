import { type DefaultGrants, defineArea, type PermissionGroup } from '../../area.js';
import { zhEn } from '../../bilingual.js';
import { devtoolRoutes } from './routes.js';

const permissions = {
  devtool: {
    label: zhEn('开发工具', 'Developer tools'),
    permissions: {
      deadLetterQueueQuery: zhEn('死信队列', 'Dead-letter queue'),
      deadletterQueueQuery: zhEn('死信队列（旧）', 'Dead-letter queue (legacy)'),
      devToolAccountQuery: zhEn('测试账号', 'Test accounts'),
      devToolCaveQuery: zhEn('洞穴工具', 'Cavern tool'),
      advancedArenaZonesQuery: zhEn('竞技场分区', 'Arena zones'),
      clientLogQuery: zhEn('客户端日志', 'Client logs'),
      // Reading the game's errors is not changing them: the incidents' state has its own grant.
      clientIncidentEdit: zhEn('解决、忽略或重新打开客户端错误事件', 'Resolve, ignore or reopen client incidents'),
      devToolGuildEdit: zhEn('公会工具', 'Guild tool'),
      guildWarStatusQuery: zhEn('查询公会战状态', 'Query guild war status'),
      guildWarStatusEdit: zhEn('编辑公会战状态', 'Edit guild war status'),
      podTimeQuery: zhEn('服务器时间', 'Pod time'),
    },
  },
} as const satisfies Record<string, PermissionGroup>;

/**
 * What the built-in roles hold of its permissions by default (the roles are seeded with them;
 * `maxRole` and `admin` pass every check).
 */
const grants = {
  operation: ['clientLogQuery'],
  developer: [
    'clientLogQuery',
    'deadLetterQueueQuery',
    'deadletterQueueQuery',
    'devToolAccountQuery',
    'devToolCaveQuery',
    'advancedArenaZonesQuery',
    'devToolGuildEdit',
    'guildWarStatusQuery',
    'guildWarStatusEdit',
    'podTimeQuery',
    'clientIncidentEdit',
  ],
  tester: ['clientLogQuery', 'devToolAccountQuery', 'guildWarStatusQuery', 'podTimeQuery'],
} satisfies DefaultGrants<typeof permissions>;

/** Developer tools (pages not built yet). */
export const devtoolsArea = defineArea({
  name: 'devtools',
  permissions,
  grants,
  routes: devtoolRoutes,
});

declare module '../../area.js' {
  interface AreaPermissionGroups {
    devtools: typeof permissions;
  }
  interface AreaRouteTables {
    devtools: typeof devtoolRoutes;
  }
}
