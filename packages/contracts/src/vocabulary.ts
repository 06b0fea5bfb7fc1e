import { areaValueLabels } from './areas.js';
import { type Label, type Locale, zhEn } from './bilingual.js';
import { type ConditionAttribute, type ConditionOperator, operatingSystemLabels } from './conditions.js';
import {
  mailScopeLabels,
  mailStateLabels,
  playerStatusLabels,
  playerUserTypeLabels,
  staffStatusLabels,
  upgradeLevelLabels,
} from './enums.js';
import { fieldLabels, listItemLabels } from './field-labels.js';
import { gameLabel } from './game-catalogue.js';

/**
 * One vocabulary for what operators read about a record: the name of each field and the label of
 * each coded value, declared once here and used by the forms, the change table of every
 * confirmation, the history diff, the audit sentence and the system log's detail. A screen's
 * own labels (a resource declaration's) come first; these name the fields records share.
 */

/** A condition rule's attribute, as an operator names it (`percent`: remote config's rollout rules). */
export const conditionAttributeLabels: Record<ConditionAttribute | 'percent', Label> = {
  os: zhEn('操作系统', 'OS'),
  appVersion: zhEn('应用版本', 'App version'),
  appLanguage: zhEn('应用语言', 'App language'),
  country: zhEn('国家/地区', 'Country / region'),
  lastLogin: zhEn('最后登录时间', 'Last sign-in'),
  notLoginDays: zhEn('未登录天数', 'Days not signed in'),
  userType: zhEn('用户类型', 'User type'),
  habitatCount: zhEn('栖息地数量', 'Habitat count'),
  percent: zhEn('玩家百分比', 'Percent of players'),
};

/** A condition rule's operator, as it reads between the attribute and the value. */
export const conditionOperatorLabels: Record<ConditionOperator | 'gt' | 'between', Label> = {
  equal: zhEn('等于', 'equals'),
  gte: zhEn('大于等于', '≥'),
  lte: zhEn('小于等于', '≤'),
  include: zhEn('包含', 'is one of'),
  exclude: zhEn('排除', 'is none of'),
  gt: zhEn('大于', '>'),
  between: zhEn('介于', 'between'),
};

/** The condition engine's user types (`userType` rules). */
export const conditionUserTypeLabels: Record<string, Label> = {
  normal: zhEn('普通用户', 'Normal'),
  payment: zhEn('付费用户', 'Paying'),
  all: zhEn('全部用户', 'All users'),
};

/**
 * Coded values by the field that holds them: `status: frozen` reads 冻结. The areas declare their
 * own (`defineArea({ values })`, folded in `areas.ts`); these are the platform's, shared by areas.
 */
const platformValueLabels: Record<string, Record<string, Label>> = {
  status: { ...playerStatusLabels, ...staffStatusLabels, ...mailStateLabels },
  userType: { ...conditionUserTypeLabels, ...playerUserTypeLabels },
  mailScope: mailScopeLabels,
  level: upgradeLevelLabels,
  attr: conditionAttributeLabels,
  op: conditionOperatorLabels,
};

export const valueLabels: Record<string, Record<string, Label>> = { ...platformValueLabels };
for (const [field, table] of Object.entries(areaValueLabels)) valueLabels[field] = { ...valueLabels[field], ...table };

/** Fields whose values are platforms (shown Android / iOS whatever the case on the wire). */
const platformFields = new Set(['os', 'platform', 'platforms']);
/** Fields whose values are game catalogue keys (resources, items, features). */
const gameKeyFields = new Set(['kind', 'target', 'kinds']);

/** A field's name in `locale`, if the vocabulary has one. */
export function fieldLabel(name: string, locale: Locale): string | undefined {
  return Object.hasOwn(fieldLabels, name) ? fieldLabels[name]![locale] : undefined;
}

/** The name of one item of the list `name` ("Conditional value"), if the vocabulary has one. */
export function listItemLabel(name: string, locale: Locale): string | undefined {
  return Object.hasOwn(listItemLabels, name) ? listItemLabels[name]![locale] : undefined;
}

/** How a change table numbers a list's items: "第 1 个条件值" / "Conditional value 1". */
export const itemWords = {
  numbered: zhEn('第 {n} 个{item}', '{item} {n}'),
  item: zhEn('第 {n} 项', 'Item {n}'),
} satisfies Record<string, Label>;

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
  yes: zhEn('是', 'Yes'),
  no: zhEn('否', 'No'),
  empty: zhEn('（空）', '(empty)'),
} satisfies Record<string, Label>;
