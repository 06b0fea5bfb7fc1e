import { TrophyOutlined } from '@ant-design/icons';
import { chunkPages, type WebArea } from '../shared/area';

/** Mini-games: boards and standings, the jump game, mock fills, the hall of fame, the blacklist. Listed once in `app/areas.ts`. */
export const minigameArea = {
  name: 'minigame',
  pages: chunkPages(
    () =>
      import('./pages').then((m) => ({
        minigameLeaderboard: m.LeaderboardPage,
        minigameJump: m.JumpPage,
        minigameLeaderboardMock: m.LeaderboardMockPage,
        minigameFame: m.FamePage,
        minigameBlacklist: m.BlacklistPage,
      })),
    ['minigameLeaderboard', 'minigameJump', 'minigameLeaderboardMock', 'minigameFame', 'minigameBlacklist'],
  ),
  icons: { TrophyOutlined },
} satisfies WebArea;
