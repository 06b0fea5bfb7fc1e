import { type Label, zhEn } from '../../bilingual.js';

/** Messages of remote config (issue 11), spread into `messages`. */
export const configMessages = {
  'config.type': zhEn('类型应为字符串、数字、布尔或 JSON', 'The type is string, number, boolean or JSON'),
  'config.seedPercentOnly': zhEn('只有百分比规则有种子', 'Only a percent rule has a seed'),
  'config.eventValuesRequired': zhEn('活动配置至少需要一个值', 'An event config needs at least one value'),
  'config.eventNameTaken': zhEn('活动配置名称重复', 'Two event configs have this name'),
  'config.tooManyValues': zhEn('条件值最多 50 个', 'At most 50 conditional values'),
  'config.tooManyEvents': zhEn('活动配置最多 20 个', 'At most 20 event configs'),
  'config.userIds': zhEn('请填写至少一个玩家 ID', 'Enter at least one user ID'),
  'config.userIdsRepeated': zhEn('玩家 ID 重复', 'A user ID is listed twice'),
  'config.tooManyUsers': zhEn('玩家 ID 最多 1000 个', 'At most 1000 user IDs'),
  'config.overrideTypeMsg': zhEn(
    '覆盖值与字段“{field}”的类型（{type}）不符',
    'The value does not fit the type of field "{field}" ({type})',
  ),
  'config.typeConflict': zhEn('已有测试覆盖使用旧类型的值', 'Tester overrides hold values of the old type'),
  'config.typeChangeMsg': zhEn(
    '测试覆盖“{override}”的值不符合新类型，请先修改或删除它',
    'Tester override "{override}" holds a value of another type; change or delete it first',
  ),
} as const satisfies Record<string, Label>;
