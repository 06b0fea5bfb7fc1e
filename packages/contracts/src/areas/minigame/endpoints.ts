import { z } from 'zod';
import { endpoint, endpointTable } from '../../endpoint.js';
import { isoDateTime, playerUserId } from '../../fields.js';
import { rewardsSchema } from '../../game-catalogue.js';
import { pagedList, pageQuery } from '../../http.js';
import { resourceKeySchema } from '../../resource.js';
import { text } from '../../text.js';
import { MAX_SCORE, MAX_SUBSCORE } from './resources.js';

/** Most entries one read of a board returns (top N, or the players around one). */
export const MAX_BOARD_READ = 100;
/** Most generated players one mock fill adds. */
export const MAX_MOCK_FILL = 5_000;

const score = z
  .number({ error: 'leaderboard.score' })
  .int({ error: 'leaderboard.score' })
  .min(-MAX_SCORE, { error: 'leaderboard.scoreRange' })
  .max(MAX_SCORE, { error: 'leaderboard.scoreRange' });
const subscore = z
  .number({ error: 'leaderboard.subscore' })
  .int({ error: 'leaderboard.subscore' })
  .min(0, { error: 'leaderboard.subscore' })
  .max(MAX_SUBSCORE, { error: 'leaderboard.subscore' });

/** One line of a board's standings. */
export const standingSchema = z.object({
  rank: z.number().int(),
  userId: z.number().int(),
  score: z.number().int(),
  subscore: z.number().int(),
  submittedAt: z.string(),
  mock: z.boolean(),
});
export type Standing = z.infer<typeof standingSchema>;

const boardParams = z.object({ board: resourceKeySchema });
const userBoardParams = z.object({ userId: playerUserId, board: resourceKeySchema });
const readLimit = z.coerce.number().int().min(1).max(MAX_BOARD_READ).default(10);
const storeKind = z.enum(['redis', 'postgres']);

export const leaderboardGameEndpoints = endpointTable({
  gameSubmitScore: endpoint({
    method: 'POST',
    path: '/api/game/v1/players/:userId/scores',
    summary: "Submit a player's score to a board (its operator combines it); the player's rank after it",
    permission: 'game',
    params: z.object({ userId: playerUserId }),
    body: z.object({
      board: resourceKeySchema,
      score,
      subscore: subscore.optional(),
      meta: z.record(z.string(), z.unknown()).optional(),
    }),
    response: z.object({
      board: z.string(),
      period: z.string(),
      score: z.number().int(),
      subscore: z.number().int(),
      rank: z.number().int().nullable(),
    }),
  }),
  gameTopScores: endpoint({
    method: 'GET',
    path: '/api/game/v1/leaderboards/:board',
    summary: "A board's top N of the current period (blacklisted players left out)",
    permission: 'game',
    params: boardParams,
    query: z.object({ limit: readLimit }),
    response: z.object({ board: z.string(), period: z.string(), entries: z.array(standingSchema) }),
  }),
  gamePlayerRank: endpoint({
    method: 'GET',
    path: '/api/game/v1/players/:userId/leaderboards/:board',
    summary: "A player's rank on a board and the players around them (`around` on each side)",
    permission: 'game',
    params: userBoardParams,
    query: z.object({ around: z.coerce.number().int().min(0).max(50).default(5) }),
    response: z.object({
      board: z.string(),
      period: z.string(),
      entry: standingSchema.nullable(),
      around: z.array(standingSchema),
    }),
  }),
});

export const blacklistEntrySchema = z.object({
  userId: z.number().int(),
  reason: z.string(),
  endsAt: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  active: z.boolean(),
});

export const fameEntrySchema = z.object({
  id: z.number().int(),
  board: z.string(),
  period: z.string(),
  rank: z.number().int(),
  userId: z.number().int(),
  score: z.number().int(),
  subscore: z.number().int(),
  rewards: rewardsSchema,
  archivedAt: z.string(),
});

export const attemptSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  period: z.string(),
  score: z.number().int(),
  subscore: z.number().int(),
  at: z.string(),
});

export const leaderboardEndpoints = endpointTable({
  leaderboardStandings: endpoint({
    method: 'GET',
    path: '/api/v1/minigame/leaderboards/:board/standings',
    summary: "A board's live standings (top N), and a player's rank with the players around them",
    permission: ['leaderboardQuery'],
    params: boardParams,
    query: z.object({
      limit: readLimit,
      userId: z.preprocess((v) => (v === '' ? undefined : v), playerUserId.optional()),
    }),
    response: z.object({
      board: z.string(),
      period: z.string(),
      store: storeKind,
      entries: z.array(standingSchema),
      player: standingSchema.nullable(),
      around: z.array(standingSchema),
    }),
  }),
  leaderboardAttempts: endpoint({
    method: 'GET',
    path: '/api/v1/minigame/leaderboards/:board/attempts',
    summary: "A board's submissions, newest first (a player's attempts with `userId`)",
    permission: ['leaderboardQuery'],
    params: boardParams,
    query: pageQuery.extend({ userId: z.preprocess((v) => (v === '' ? undefined : v), playerUserId.optional()) }),
    response: pagedList(attemptSchema),
  }),
  removeLeaderboardScore: endpoint({
    method: 'POST',
    path: '/api/v1/minigame/leaderboards/:board/scores/remove',
    summary: "Remove a player's score from the board's current period",
    permission: ['leaderboardEdit'],
    params: boardParams,
    body: z.object({ userId: playerUserId, reason: text({ max: 500, required: 'v.reasonRequired' }) }),
    auditTarget: 'leaderboard',
    response: z.object({ removed: z.boolean() }),
    invalidates: ['leaderboardStandings'],
  }),
  rebuildLeaderboard: endpoint({
    method: 'POST',
    path: '/api/v1/minigame/leaderboards/:board/rebuild',
    summary: "Rebuild the board's Redis standings from the stored scores",
    permission: ['leaderboardEdit'],
    params: boardParams,
    auditTarget: 'leaderboard',
    response: z.object({ store: storeKind, count: z.number().int() }),
    invalidates: ['leaderboardStandings'],
  }),
  fillLeaderboardMock: endpoint({
    method: 'POST',
    path: '/api/v1/minigame/leaderboards/:board/mock',
    summary: 'Fill a test board with generated players and scores (refused on other boards)',
    permission: ['leaderboardEdit'],
    params: boardParams,
    body: z.object({
      players: z
        .number({ error: 'leaderboard.mockCount' })
        .int()
        .min(1)
        .max(MAX_MOCK_FILL, { error: 'leaderboard.mockCount' }),
      minScore: score.default(0),
      maxScore: score.default(10_000),
    }),
    auditTarget: 'leaderboard',
    response: z.object({ added: z.number().int() }),
    invalidates: ['leaderboardStandings'],
  }),
  clearLeaderboardMock: endpoint({
    method: 'POST',
    path: '/api/v1/minigame/leaderboards/:board/mock/clear',
    summary: "Remove every generated player's score from a board",
    permission: ['leaderboardEdit'],
    params: boardParams,
    auditTarget: 'leaderboard',
    response: z.object({ removed: z.number().int() }),
    invalidates: ['leaderboardStandings'],
  }),
  listHallOfFame: endpoint({
    method: 'GET',
    path: '/api/v1/minigame/fame',
    summary: 'Archived winners of past periods with their rewards',
    permission: ['hallOfFameQuery'],
    query: pageQuery.extend({ board: z.preprocess((v) => (v === '' ? undefined : v), resourceKeySchema.optional()) }),
    response: pagedList(fameEntrySchema),
  }),
  listMinigameBlacklist: endpoint({
    method: 'GET',
    path: '/api/v1/minigame/blacklist',
    summary: 'Players left out of every board (active and ended entries)',
    permission: ['blacklistQuery'],
    query: pageQuery,
    response: pagedList(blacklistEntrySchema),
  }),
  addMinigameBlacklist: endpoint({
    method: 'POST',
    path: '/api/v1/minigame/blacklist',
    summary: 'Leave a player out of every board until an end time (their scores leave the standings at once)',
    permission: ['minigameBlacklistEdit'],
    body: z.object({
      userId: playerUserId,
      reason: text({ max: 500, required: 'v.reasonRequired' }),
      endsAt: isoDateTime,
    }),
    auditTarget: 'player',
    response: blacklistEntrySchema,
    invalidates: ['listMinigameBlacklist', 'leaderboardStandings'],
  }),
  removeMinigameBlacklist: endpoint({
    method: 'POST',
    path: '/api/v1/minigame/blacklist/remove',
    summary: "Lift a player's mini-game blacklisting (their scores return to the standings)",
    permission: ['minigameBlacklistEdit'],
    body: z.object({ userId: playerUserId }),
    auditTarget: 'player',
    response: z.object({ removed: z.boolean() }),
    invalidates: ['listMinigameBlacklist', 'leaderboardStandings'],
  }),
});
