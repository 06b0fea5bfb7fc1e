import { type DefaultGrants, defineArea, type GrantList, type PermissionGroup } from '../../area.js';
import { zhEn } from '../../bilingual.js';
import { orderRoutes } from './routes.js';

const permissions = {
  operations: {
    label: zhEn('服务器、小游戏、订单与公会', 'Servers, mini-games, orders and guilds'),
    permissions: {
      serverInfoQuery: zhEn('服务器信息', 'Server info'),
      leaderboardQuery: zhEn('排行榜', 'Leaderboards'),
      hallOfFameQuery: zhEn('名人堂', 'Hall of fame'),
      blacklistQuery: zhEn('黑名单', 'Blacklist'),
      orderQuery: zhEn('订单', 'Orders'),
      guildChatQuery: zhEn('公会聊天', 'Guild chat'),
      guildQuery: zhEn('公会', 'Guilds'),
    },
  },
} as const satisfies Record<string, PermissionGroup>;

/** What every role that works with the area reads. */
const reads: GrantList<typeof permissions> = [
  'serverInfoQuery',
  'leaderboardQuery',
  'hallOfFameQuery',
  'blacklistQuery',
  'orderQuery',
  'guildChatQuery',
  'guildQuery',
];
/**
 * What the built-in roles hold of its permissions by default (the roles are seeded with them;
 * `maxRole` and `admin` pass every check).
 */
const grants = {
  operation: reads,
  developer: reads,
  tester: reads,
  service: ['orderQuery'],
  serviceManager: ['orderQuery'],
} satisfies DefaultGrants<typeof permissions>;

/** Orders (pages not built yet); declares the permission group of servers, mini-games, orders and guilds. */
export const ordersArea = defineArea({
  name: 'orders',
  permissions,
  grants,
  routes: orderRoutes,
});

declare module '../../area.js' {
  interface AreaPermissionGroups {
    orders: typeof permissions;
  }
  interface AreaRouteTables {
    orders: typeof orderRoutes;
  }
}
