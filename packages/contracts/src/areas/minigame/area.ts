import { type DefaultGrants, defineArea, type PermissionGroup } from '../../area.js';
import { type AreaAudit, resourceActions } from '../../audit-kit.js';
import { type Label, zhEn } from '../../bilingual.js';
import { resourceEndpoints } from '../../resource.js';
import { leaderboardEndpoints, leaderboardGameEndpoints } from './endpoints.js';
import { leaderboardMessages } from './messages.js';
import { leaderboardResource } from './resources.js';
import { minigameRoutes } from './routes.js';

/**
 * The writes the spec has no permission for (it lists only `leaderboardQuery`, `hallOfFameQuery`
 * and `blacklistQuery`): docs/decisions/2026-11-28-leaderboards.md.
 */
const permissions = {
  minigame: {
    label: zhEn('小游戏排行榜管理', 'Mini-game leaderboard management'),
    permissions: {
      leaderboardEdit: zhEn(
        '配置排行榜、删除成绩、重建与模拟数据',
        'Configure boards, remove scores, rebuild, mock data',
      ),
      minigameBlacklistEdit: zhEn('小游戏黑名单的加入与移出', 'Add to and lift the mini-game blacklist'),
    },
  },
} as const satisfies Record<string, PermissionGroup>;

const grants = {
  operation: ['leaderboardEdit', 'minigameBlacklistEdit'],
  developer: ['leaderboardEdit', 'minigameBlacklistEdit'],
  tester: ['leaderboardEdit'],
} satisfies DefaultGrants<typeof permissions>;

const jobs = {
  'leaderboard.tick': zhEn('检查排行榜周期并安排重置', 'Check board periods and schedule resets'),
  'leaderboard.reset': zhEn(
    '排行榜重置：归档名人堂并邮寄排名奖励',
    'Board reset: archive the hall of fame, mail rank rewards',
  ),
} as const satisfies Record<string, Label>;

const audit = {
  objects: {
    leaderboard: {
      label: zhEn('排行榜 {id}', 'leaderboard {id}'),
      page: { route: 'minigameLeaderboard', query: (id) => ({ board: id }) },
    },
  },
  actions: {
    ...resourceActions('leaderboard', zhEn('排行榜', 'leaderboard')),
    removeLeaderboardScore: {
      label: zhEn('删除排行榜成绩', 'Remove a leaderboard score'),
      sentence: zhEn('删除了{leaderboard}上的一条成绩', 'removed a score from {leaderboard}'),
      target: 'leaderboard',
    },
    rebuildLeaderboard: {
      label: zhEn('重建排行榜', 'Rebuild a leaderboard'),
      sentence: zhEn('重建了{leaderboard}', 'rebuilt {leaderboard}'),
      target: 'leaderboard',
    },
    fillLeaderboardMock: {
      label: zhEn('填充模拟数据', 'Fill mock players'),
      sentence: zhEn('向{leaderboard}填充了模拟数据', 'filled {leaderboard} with mock players'),
      target: 'leaderboard',
    },
    clearLeaderboardMock: {
      label: zhEn('清除模拟数据', 'Clear mock players'),
      sentence: zhEn('清除了{leaderboard}的模拟数据', 'cleared the mock players of {leaderboard}'),
      target: 'leaderboard',
    },
    addMinigameBlacklist: {
      label: zhEn('加入小游戏黑名单', 'Add to the mini-game blacklist'),
      sentence: zhEn('将{player}加入了小游戏黑名单', 'put {player} on the mini-game blacklist'),
      target: 'player',
    },
    removeMinigameBlacklist: {
      label: zhEn('移出小游戏黑名单', 'Lift the mini-game blacklist'),
      sentence: zhEn('将{player}移出了小游戏黑名单', 'took {player} off the mini-game blacklist'),
      target: 'player',
    },
  },
} satisfies AreaAudit;

/** Mini-games (issue 45 items 3-5): leaderboards on Redis or PostgreSQL, hall of fame, blacklist. */
export const minigameArea = defineArea({
  name: 'minigame',
  permissions,
  grants,
  audit,
  jobs,
  routes: minigameRoutes,
  endpoints: {
    ...resourceEndpoints(leaderboardResource),
    ...leaderboardEndpoints,
    ...leaderboardGameEndpoints,
  },
  resources: { leaderboard: leaderboardResource },
  messages: leaderboardMessages,
});

declare module '../../area.js' {
  interface AreaRouteTables {
    minigame: typeof minigameRoutes;
  }
  interface AreaMessages {
    minigame: typeof leaderboardMessages;
  }
  interface AreaJobs {
    minigame: typeof jobs;
  }
  interface AreaPermissionGroups {
    minigame: typeof permissions;
  }
}

export * from './endpoints.js';
export * from './messages.js';
export * from './resources.js';
export * from './routes.js';
