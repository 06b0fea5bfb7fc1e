import { type Label, zhEn } from '../../bilingual.js';

/** The battle pass: form checks, and why the game's claim is refused. */
export const battlePassMessages = {
  'battlePass.passKey': zhEn(
    '通行证标识为小写字母开头的 1–40 位小写字母、数字或下划线',
    'The pass key is 1–40 lower-case letters, digits or underscores, starting with a letter',
  ),
  'battlePass.nameRequired': zhEn('请输入赛季名称', 'Please enter the season name'),
  'battlePass.endAfterStart': zhEn('结束时间必须晚于开始时间', 'The end must be after the start'),
  'battlePass.overlap': zhEn(
    '与同一通行证的另一个赛季时间重叠',
    'This window overlaps another season of the same pass',
  ),
  'battlePass.premiumProduct': zhEn('请选择商店中的内购商品', 'Choose an in-app purchase of the store'),
  'battlePass.premiumWithoutProduct': zhEn(
    '有高级奖励时必须选择解锁高级通行证的内购商品',
    'A premium reward needs the in-app purchase that unlocks the premium track',
  ),
  'battlePass.levelsRequired': zhEn('至少需要一个等级', 'Add at least one level'),
  'battlePass.levelsTooMany': zhEn('最多 200 个等级', 'At most 200 levels'),
  'battlePass.levelXp': zhEn(
    '所需经验为 0 到 100,000,000 的整数',
    'The XP to reach is a whole number from 0 to 100,000,000',
  ),
  'battlePass.xpIncreasing': zhEn('每一级所需经验必须大于上一级', 'Each level needs more XP than the level before it'),
  'battlePass.sourceXp': zhEn(
    '每次事件经验为 1 到 1,000,000 的整数',
    'XP per event is a whole number from 1 to 1,000,000',
  ),
  'battlePass.dailyCap': zhEn(
    '每日上限为 1 到 100,000,000 的整数',
    'The daily cap is a whole number from 1 to 100,000,000',
  ),
  'battlePass.sourceTwice': zhEn('该事件已经是一个经验来源', 'This event is already an XP source'),
  'battlePass.grantXp': zhEn('经验为 1 到 100,000,000 的整数', 'XP is a whole number from 1 to 100,000,000'),
  'battlePass.seasonNotFound': zhEn('赛季不存在', 'No such season'),
  'battlePass.noSeason': zhEn('当前没有进行中的赛季', 'No season is running now'),
  'battlePass.unknownLevel': zhEn('没有这个等级', 'No such level'),
  'battlePass.unknownTrack': zhEn('奖励线应为 free 或 premium', 'The track is free or premium'),
  'battlePass.aboveLevel': zhEn('尚未达到这个等级', 'The player has not reached this level'),
  'battlePass.noPremium': zhEn('未购买高级通行证', 'The player does not hold the premium pass'),
  'battlePass.nothingToClaim': zhEn('这一级在此奖励线上没有奖励', 'This level has no reward on this track'),
  'battlePass.mailTitle': zhEn('通行证赛季奖励', 'Battle pass season rewards'),
  'battlePass.mailContent': zhEn(
    '赛季“{season}”已结束，这是你达到但未领取的免费奖励。',
    'The season "{season}" has ended: here are the free rewards you reached and did not claim.',
  ),
} as const satisfies Record<string, Label>;
