import { defineRoutes, ops } from './types.js';

/** Mini-game leaderboards, hall of fame and blacklist (not built yet). */
export const minigameRoutes = defineRoutes([
  {
    path: '/minigame',
    name: 'minigame',
    icon: 'TrophyOutlined',
    redirect: '/minigame/leaderboard',
    auth: ops('leaderboardQuery', 'hallOfFameQuery', 'blacklistQuery'),
    children: [
      { path: 'jump', name: 'minigameJump', auth: ops('leaderboardQuery') },
      { path: 'leaderboard', name: 'minigameLeaderboard', auth: ops('leaderboardQuery') },
      { path: 'leaderboardmock', name: 'minigameLeaderboardMock', auth: ops('leaderboardQuery') },
      { path: 'fame', name: 'minigameFame', auth: ops('hallOfFameQuery') },
      { path: 'blacklist', name: 'minigameBlacklist', auth: ['blacklistQuery'] },
    ],
  },
]);
