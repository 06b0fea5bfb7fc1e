import { zhEn } from '../../bilingual.js';
import { defineRoutes, ops } from '../../routes/types.js';

/** Mini-game leaderboards, hall of fame and blacklist. */
export const minigameRoutes = defineRoutes([
  {
    path: '/minigame',
    name: 'minigame',
    title: zhEn('小游戏', 'Mini-games'),
    icon: 'TrophyOutlined',
    redirect: '/minigame/leaderboard',
    auth: ops('leaderboardQuery', 'hallOfFameQuery', 'blacklistQuery'),
    children: [
      { path: 'jump', name: 'minigameJump', title: zhEn('跳跃', 'Jump'), auth: ops('leaderboardQuery'), built: true },
      {
        path: 'leaderboard',
        name: 'minigameLeaderboard',
        title: zhEn('排行榜', 'Leaderboards'),
        auth: ops('leaderboardQuery'),
        built: true,
      },
      {
        path: 'leaderboardmock',
        name: 'minigameLeaderboardMock',
        title: zhEn('排行榜模拟', 'Leaderboard mock'),
        auth: ops('leaderboardQuery'),
        built: true,
      },
      {
        path: 'fame',
        name: 'minigameFame',
        title: zhEn('名人堂', 'Hall of fame'),
        auth: ops('hallOfFameQuery'),
        built: true,
      },
      {
        path: 'blacklist',
        name: 'minigameBlacklist',
        title: zhEn('小游戏黑名单', 'Mini-game blacklist'),
        auth: ['blacklistQuery'],
        built: true,
      },
    ],
  },
]);
