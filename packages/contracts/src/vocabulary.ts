import { type ConditionAttribute, type ConditionOperator, operatingSystemLabels } from './conditions.js';
import {
  mailScopeLabels,
  mailStateLabels,
  playerStatusLabels,
  playerUserTypeLabels,
  staffStatusLabels,
  upgradeLevelLabels,
} from './enums.js';
import { gameLabel } from './game-catalogue.js';
import { type Label, type Locale, l } from './permissions.js';
import { constantTypeLabels } from './resources/constant.js';
import { unlockKindLabels } from './resources/unlock-track.js';

/**
 * One vocabulary for what operators read about a record: the name of each field and the label of
 * each coded value, declared once here and used by the forms, the change table of every
 * confirmation, the history diff, the audit sentence and the system log's detail. A screen's
 * own labels (a resource declaration's) come first; these name the fields records share.
 */

/** A condition rule's attribute, as an operator names it (`percent`: remote config's rollout rules). */
export const conditionAttributeLabels: Record<ConditionAttribute | 'percent', Label> = {
  os: l('操作系统', 'OS'),
  appVersion: l('应用版本', 'App version'),
  appLanguage: l('应用语言', 'App language'),
  country: l('国家/地区', 'Country / region'),
  lastLogin: l('最后登录时间', 'Last login'),
  notLoginDays: l('未登录天数', 'Days not logged in'),
  userType: l('用户类型', 'User type'),
  habitatCount: l('栖息地数量', 'Habitat count'),
  percent: l('玩家百分比', 'Percent of players'),
};

/** A condition rule's operator, as it reads between the attribute and the value. */
export const conditionOperatorLabels: Record<ConditionOperator | 'gt' | 'between', Label> = {
  equal: l('等于', 'equals'),
  gte: l('大于等于', '≥'),
  lte: l('小于等于', '≤'),
  include: l('包含', 'is one of'),
  exclude: l('排除', 'is none of'),
  gt: l('大于', '>'),
  between: l('介于', 'between'),
};

/** The condition engine's user types (`userType` rules). */
export const conditionUserTypeLabels: Record<string, Label> = {
  normal: l('普通用户', 'Normal'),
  payment: l('付费用户', 'Paying'),
  all: l('全部用户', 'All users'),
};

/** Fields many records share, by their name on the wire. */
export const fieldLabels: Record<string, Label> = {
  status: l('状态', 'Status'),
  reason: l('原因', 'Reason'),
  frozenReason: l('冻结原因', 'Freeze reason'),
  frozenUntil: l('冻结至', 'Frozen until'),
  until: l('截止时间', 'Until'),
  chatUntil: l('禁言至', 'Chat banned until'),
  detail: l('详情', 'Details'),
  userId: l('用户 ID', 'User ID'),
  userIds: l('用户 ID', 'User IDs'),
  deviceId: l('设备 ID', 'Device ID'),
  socialId: l('社交 ID', 'Social ID'),
  anonymousId: l('匿名 ID', 'Anonymous ID'),
  deviceModel: l('设备型号', 'Device model'),
  os: l('操作系统', 'OS'),
  platform: l('平台', 'Platform'),
  platforms: l('平台', 'Platforms'),
  appVersion: l('应用版本', 'App version'),
  language: l('语言', 'Language'),
  country: l('国家/地区', 'Country / region'),
  userType: l('用户类型', 'User type'),
  sessionEpoch: l('强制下线次数', 'Forced sign-outs'),
  state: l('游戏数据', 'Game data'),
  name: l('名称', 'Name'),
  note: l('备注', 'Note'),
  description: l('说明', 'Description'),
  comment: l('版本说明', 'Version comment'),
  type: l('类型', 'Type'),
  value: l('值', 'Value'),
  values: l('条件值', 'Conditional values'),
  defaultValue: l('默认值', 'Default value'),
  conditions: l('条件', 'Conditions'),
  events: l('活动配置', 'Event configs'),
  title: l('标题', 'Title'),
  content: l('内容', 'Content'),
  reward: l('奖励', 'Rewards'),
  rewards: l('奖励', 'Rewards'),
  items: l('道具', 'Items'),
  kind: l('类型', 'Kind'),
  amount: l('数量', 'Amount'),
  level: l('等级', 'Level'),
  target: l('解锁对象', 'Unlocks'),
  startAt: l('开始时间', 'Start'),
  endAt: l('结束时间', 'End'),
  effectiveAt: l('生效时间', 'Starts'),
  expireAt: l('失效时间', 'Expires'),
  minVersion: l('最低版本', 'Lowest version'),
  maxVersion: l('最高版本', 'Highest version'),
  latestVersion: l('最新版本', 'Latest version'),
  storeUrl: l('商店地址', 'Store URL'),
  'zh-CN': l('中文提示', 'Chinese message'),
  'en-US': l('英文提示', 'English message'),
  mailScope: l('邮件类型', 'Mail type'),
  maxTimes: l('最多领取次数', 'Max claims'),
  notLoginDays: l('未登录天数', 'Days away'),
  iapId: l('内购商品 ID', 'IAP ID'),
  roleName: l('角色', 'Role'),
  username: l('用户名', 'User name'),
  email: l('邮箱', 'Email'),
  mail: l('邮箱', 'Email'),
  permissions: l('权限', 'Permissions'),
  erasedFields: l('清除的字段', 'Erased fields'),
  devicesUnbound: l('解绑的设备数', 'Devices unbound'),
  ip: l('IP 地址', 'IP address'),
  cidr: l('IP 段', 'IP range'),
};

/** Coded values by the field that holds them: `status: frozen` reads 冻结. */
export const valueLabels: Record<string, Record<string, Label>> = {
  status: { ...playerStatusLabels, ...staffStatusLabels, ...mailStateLabels },
  type: constantTypeLabels,
  kind: unlockKindLabels,
  userType: { ...conditionUserTypeLabels, ...playerUserTypeLabels },
  mailScope: mailScopeLabels,
  level: upgradeLevelLabels,
  attr: conditionAttributeLabels,
  op: conditionOperatorLabels,
};

/** Fields whose values are platforms (shown Android / iOS whatever the case on the wire). */
const platformFields = new Set(['os', 'platform', 'platforms']);
/** Fields whose values are game catalogue keys (resources, items, features). */
const gameKeyFields = new Set(['kind', 'target', 'kinds']);

/** A field's name in `locale`, if the vocabulary has one. */
export function fieldLabel(name: string, locale: Locale): string | undefined {
  return Object.hasOwn(fieldLabels, name) ? fieldLabels[name]![locale] : undefined;
}

/** A coded value held by `field`, in words; undefined when the value is not a code of that field. */
export function valueLabel(field: string, code: string, locale: Locale): string | undefined {
  if (platformFields.has(field)) {
    const os = code.toLowerCase() as keyof typeof operatingSystemLabels;
    if (Object.hasOwn(operatingSystemLabels, os)) return operatingSystemLabels[os];
  }
  const table = valueLabels[field];
  if (table && Object.hasOwn(table, code)) return table[code]![locale];
  if (gameKeyFields.has(field)) {
    const label = gameLabel(code, locale);
    if (label !== code) return label;
  }
  return undefined;
}

/** Words a change table uses for values that are not codes. */
export const valueWords = {
  yes: l('是', 'Yes'),
  no: l('否', 'No'),
  empty: l('（空）', '(empty)'),
} satisfies Record<string, Label>;
