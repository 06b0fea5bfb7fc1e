import { type Label, zhEn } from '../../bilingual.js';

/** Leaderboards: every refusal in both languages. */
export const leaderboardMessages = {
  'leaderboard.notFound': zhEn('没有这个排行榜', 'No such leaderboard'),
  'leaderboard.score': zhEn('分数应为整数', 'The score is a whole number'),
  'leaderboard.scoreRange': zhEn(
    '分数应在 -4294967295 到 4294967295 之间',
    'The score is between -4294967295 and 4294967295',
  ),
  'leaderboard.subscore': zhEn(
    '副分数应为 0 到 1048575 之间的整数',
    'The sub-score is a whole number from 0 to 1048575',
  ),
  'leaderboard.negative': zhEn('此排行榜不接受负分', 'This leaderboard does not take negative scores'),
  'leaderboard.metaTooLarge': zhEn('附加信息过大（最多 2 KB）', 'The meta is too large (2 KB at most)'),
  'leaderboard.redisUnavailable': zhEn(
    '排行榜暂时不可用（Redis 无响应），请稍后重试',
    'Leaderboards are unavailable for now (Redis does not answer): try again shortly',
  ),
  'leaderboard.drainBehind': zhEn(
    '排行榜的分数尚未全部写入数据库，请稍后重试',
    'The leaderboards have not yet written every score to the database: try again shortly',
  ),
  'leaderboard.notTestBoard': zhEn('只能向测试榜填充模拟数据', 'Mock players can only fill a test board'),
  'leaderboard.mockCount': zhEn('模拟玩家数量应为 1 到 5000', 'Mock players: 1 to 5000'),
  'leaderboard.mockRange': zhEn('最低分不能高于最高分', 'The lowest score cannot be above the highest'),
  'leaderboard.timeZone': zhEn(
    '请填写有效的时区（如 Asia/Shanghai）',
    'Please give a valid time zone (e.g. Asia/Shanghai)',
  ),
  'leaderboard.seasonStart': zhEn('赛季起始日应为日期（YYYY-MM-DD）', 'The season start is a date (YYYY-MM-DD)'),
  'leaderboard.seasonRequired': zhEn(
    '按赛季重置需要赛季起始日和天数',
    'A season reset needs a season start and length',
  ),
  'leaderboard.rank': zhEn('名次应为 1 到 10000 的整数', 'A rank is a whole number from 1 to 10000'),
  'leaderboard.bandOrder': zhEn('结束名次不能小于起始名次', 'The last rank cannot be before the first'),
  'leaderboard.rewardsRequired': zhEn('每个名次段至少一项奖励', 'Each rank band gives at least one reward'),
  'leaderboard.endsInPast': zhEn('结束时间应晚于现在', 'The end time must be in the future'),
  'leaderboard.notBlacklisted': zhEn('该玩家不在小游戏黑名单中', 'This player is not on the mini-game blacklist'),
  'leaderboard.rewardMailTitle': zhEn('排行榜奖励', 'Leaderboard reward'),
  'leaderboard.rewardMailContent': zhEn(
    '恭喜！你在「{board}」{period} 排名第 {rank}。',
    'Congratulations! You ranked {rank} on "{board}" ({period}).',
  ),
} as const satisfies Record<string, Label>;
