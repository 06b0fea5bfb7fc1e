import { type DefaultGrants, defineArea, type GrantList, type PermissionGroup } from '../../area.js';
import type { AreaAudit } from '../../audit-kit.js';
import { zhEn } from '../../bilingual.js';
import {
  deadLetterKindLabels,
  deadLetterReasonLabels,
  deadLetterStateLabels,
  deliveryStateLabels,
  orderEndpoints,
  orderEnvironmentLabels,
  orderPlatformLabels,
} from './endpoints.js';
import { orderGameEndpoints } from './game-endpoints.js';
import { orderMessages } from './messages.js';
import { refundAreaEndpoints, refundAudit, refundJobs, refundMessages, refundValues } from './refund-area.js';
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

/** Its audit vocabulary: the objects its entries name and what each action reads as. */
const audit = {
  objects: {
    order: {
      label: zhEn('订单 #{id}', 'order #{id}'),
      page: { route: 'orderList', query: (id) => ({ orderId: id }) },
    },
    deadLetter: {
      label: zhEn('死信 #{id}', 'dead letter #{id}'),
      page: { route: 'productDlq', query: (id) => ({ id }) },
    },
  },
  actions: {
    redeliverOrder: {
      label: zhEn('重新发货', 'Re-deliver order'),
      sentence: zhEn('重新发货了{order}', 'delivered {order} again'),
      target: 'order',
    },
    retryDeadLetter: {
      label: zhEn('重试死信', 'Retry dead letter'),
      sentence: zhEn('重试了{deadLetter}', 'retried {deadLetter}'),
      target: 'deadLetter',
    },
    discardDeadLetter: {
      label: zhEn('丢弃死信', 'Discard dead letter'),
      sentence: zhEn('丢弃了{deadLetter}', 'discarded {deadLetter}'),
      target: 'deadLetter',
    },
  },
} satisfies AreaAudit;

/** Orders: the game's purchases, the dead-letter queue; declares the permission group of servers, mini-games, orders and guilds. */
export const ordersArea = defineArea({
  name: 'orders',
  permissions,
  grants,
  routes: orderRoutes,
  endpoints: { ...orderEndpoints, ...orderGameEndpoints, ...refundAreaEndpoints },
  messages: { ...orderMessages, ...refundMessages },
  audit: {
    objects: { ...audit.objects, ...refundAudit.objects },
    actions: { ...audit.actions, ...refundAudit.actions },
  },
  // The stores part (notices, refunds): its pieces are folded from refund-area.ts.
  jobs: { ...refundJobs },
  values: {
    platform: orderPlatformLabels,
    deliveryState: deliveryStateLabels,
    environment: orderEnvironmentLabels,
    deadLetterReason: deadLetterReasonLabels,
    deadLetterKind: deadLetterKindLabels,
    deadLetterState: deadLetterStateLabels,
    ...refundValues,
  },
});

declare module '../../area.js' {
  interface AreaPermissionGroups {
    orders: typeof permissions;
  }
  interface AreaRouteTables {
    orders: typeof orderRoutes;
  }
  interface AreaMessages {
    orders: typeof orderMessages & typeof refundMessages;
  }
  interface AreaJobs {
    orders: typeof refundJobs;
  }
}

// What the area offers the server and the console beside its declaration.
export * from './endpoints.js';
export * from './game-endpoints.js';
export * from './messages.js';
export * from './notice-endpoints.js';
export * from './refund-endpoints.js';
export * from './refund-messages.js';
