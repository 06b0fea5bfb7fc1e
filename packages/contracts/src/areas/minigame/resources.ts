import { z } from 'zod';
import { zhEn } from '../../bilingual.js';
import { codedValues } from '../../enums.js';
import { rewardsSchema } from '../../game-catalogue.js';
import { defineResource, resourceKeySchema } from '../../resource.js';
import { documentText } from '../../text.js';

/**
 * Score limits (docs/decisions/2026-11-28-leaderboards.md): scores are whole numbers of at most
 * 2³²−1 in size and sub-scores whole numbers from 0 to 2²⁰−1, so that Redis can hold
 * `score·2²⁰ + subscore` exactly in its double (52 bits).
 */
export const MAX_SCORE = 4_294_967_295;
export const MAX_SUBSCORE = 1_048_575;
/** Most rank bands a board rewards at reset, and the deepest rank a band reaches. */
export const MAX_REWARD_BANDS = 20;
export const MAX_REWARD_RANK = 10_000;

export const { codes: boardSortOrders, labels: boardSortOrderLabels } = codedValues({
  desc: zhEn('高分在前', 'Highest first'),
  asc: zhEn('低分在前', 'Lowest first'),
});
export const { codes: boardOperators, labels: boardOperatorLabels } = codedValues({
  best: zhEn('保留最好成绩', 'Keep the best'),
  set: zhEn('覆盖', 'Set'),
  increment: zhEn('累加', 'Increment'),
  decrement: zhEn('递减', 'Decrement'),
});
export const { codes: boardResets, labels: boardResetLabels } = codedValues({
  daily: zhEn('每日', 'Daily'),
  weekly: zhEn('每周（周一）', 'Weekly (Monday)'),
  season: zhEn('每赛季', 'Each season'),
  never: zhEn('从不', 'Never'),
});
export type BoardOperator = (typeof boardOperators)[number];
export type BoardReset = (typeof boardResets)[number];

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

export const rewardBandSchema = z
  .object({
    fromRank: z.number({ error: 'leaderboard.rank' }).int({ error: 'leaderboard.rank' }).min(1).max(MAX_REWARD_RANK),
    toRank: z.number({ error: 'leaderboard.rank' }).int({ error: 'leaderboard.rank' }).min(1).max(MAX_REWARD_RANK),
    rewards: rewardsSchema.min(1, { error: 'leaderboard.rewardsRequired' }),
  })
  .refine((b) => b.toRank >= b.fromRank, { error: 'leaderboard.bandOrder', path: ['toRank'] });

/**
 * A leaderboard (issue 45 item 3): its ID is the key the game submits to; how scores combine
 * (`operator`, as Nakama's), which way they sort, when it resets (in `timeZone`; a season is
 * `seasonDays` long from `seasonStart`), whether scores may be negative, whether it is a test
 * board (mock fill allowed) and the rank bands it rewards at reset (mailed).
 */
export const leaderboardSchema = z
  .object({
    id: resourceKeySchema,
    titleZh: documentText(50),
    titleEn: documentText(50),
    sortOrder: z.enum(boardSortOrders),
    operator: z.enum(boardOperators),
    reset: z.enum(boardResets),
    timeZone: z.string({ error: 'leaderboard.timeZone' }).refine(isTimeZone, { error: 'leaderboard.timeZone' }),
    seasonStart: z.iso.date({ error: 'leaderboard.seasonStart' }).optional(),
    seasonDays: z.number().int().min(1).max(366).optional(),
    allowNegative: z.boolean(),
    testBoard: z.boolean(),
    rewardBands: z.array(rewardBandSchema).max(MAX_REWARD_BANDS),
  })
  .refine((b) => b.reset !== 'season' || (b.seasonStart && b.seasonDays), {
    error: 'leaderboard.seasonRequired',
    path: ['seasonDays'],
  });
export type Leaderboard = z.infer<typeof leaderboardSchema>;

export const leaderboardResource = defineResource({
  name: 'leaderboard',
  label: zhEn('排行榜', 'Leaderboard'),
  schema: leaderboardSchema,
  key: 'id',
  listFields: ['id', 'titleZh', 'titleEn', 'sortOrder', 'operator', 'reset', 'timeZone', 'testBoard'],
  labels: {
    titleZh: zhEn('名称（中文）', 'Name (Chinese)'),
    titleEn: zhEn('名称（英文）', 'Name (English)'),
    sortOrder: zhEn('排序', 'Sort order'),
    operator: zhEn('计分方式', 'Score operator'),
    reset: zhEn('重置周期', 'Reset'),
    timeZone: zhEn('时区', 'Time zone'),
    seasonStart: zhEn('赛季起始日', 'Season start'),
    seasonDays: zhEn('赛季天数', 'Season days'),
    allowNegative: zhEn('允许负分', 'Negative scores allowed'),
    testBoard: zhEn('测试榜', 'Test board'),
    rewardBands: zhEn('排名奖励', 'Rank rewards'),
  },
  list: { sort: ['id', 'updatedAt'], export: ['id', 'titleZh', 'titleEn', 'sortOrder', 'operator', 'reset'] },
  search: ['id', 'titleZh', 'titleEn'],
  permissions: {
    query: ['leaderboardQuery'],
    create: ['leaderboardEdit'],
    edit: ['leaderboardEdit'],
    delete: ['leaderboardEdit'],
  },
  versioned: true,
  gameVisible: false,
});
