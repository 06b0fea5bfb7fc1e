import { type Label, type Locale, zhEn } from './bilingual.js';

/**
 * Coded values (enums) and their zh/en labels: the one declaration the server (typed columns,
 * schemas) and the web (filters, tags, texts) take them from. No zod here, so the console's
 * first load can take labels without the schemas.
 */

/**
 * A set of coded values declared once: their labels keyed by code, in the order lists, filters and
 * selects show them. The codes are the keys, typed as the non-empty tuple `z.enum` takes.
 */
export function codedValues<const K extends string>(
  labels: Record<K, Label>,
): { codes: readonly [K, ...K[]]; labels: Record<K, Label> } {
  return { codes: Object.keys(labels) as [K, ...K[]], labels };
}

/** One language's labels of an enum, e.g. for the web's i18n texts. */
export const labelsIn = <K extends string>(labels: Record<K, Label>, locale: Locale): Record<K, string> =>
  Object.fromEntries(Object.entries<Label>(labels).map(([k, v]) => [k, v[locale]])) as Record<K, string>;

// Staff accounts
export const { codes: staffStatuses, labels: staffStatusLabels } = codedValues({
  active: zhEn('启用', 'Active'),
  disabled: zhEn('停用', 'Disabled'),
  pending: zhEn('待审批', 'Pending'),
  rejected: zhEn('已拒绝', 'Rejected'),
});
export type StaffStatus = (typeof staffStatuses)[number];
/** The states a registration's review shows (a disabled account is no longer a registration). */
export const registrationStates = ['pending', 'active', 'rejected'] as const satisfies readonly StaffStatus[];
export type RegistrationState = (typeof registrationStates)[number];
/**
 * Where an account came from: made by an administrator, a registration, or made at its first
 * sign-in through the OpenID provider (just-in-time provisioning: a registration to approve).
 */
export const staffSources = ['console', 'register', 'sso'] as const;

// Players
export const { codes: playerStatuses, labels: playerStatusLabels } = codedValues({
  normal: zhEn('正常', 'Normal'),
  frozen: zhEn('冻结', 'Frozen'),
});
export type PlayerStatus = (typeof playerStatuses)[number];
/** Whether a player has ever paid. */
export const { codes: playerUserTypes, labels: playerUserTypeLabels } = codedValues({
  payment: zhEn('付费用户', 'Paying'),
  normal: zhEn('普通用户', 'Normal'),
});
export type PlayerUserType = (typeof playerUserTypes)[number];

/** The plausibility rules a save is checked against (a broken one files a suspicion record). */
export const { codes: suspicionRules, labels: suspicionRuleLabels } = codedValues({
  resourceGain: zhEn('资源增长异常', 'Resource gain too fast'),
  saveCountJump: zhEn('存档次数跳变', 'Save count jump'),
  unboundDevice: zhEn('未绑定设备存档', 'Save from unbound device'),
  storeRefund: zhEn('商店退款', 'Store refund'),
});
export type SuspicionRule = (typeof suspicionRules)[number];

// Mail
export const { codes: mailScopes, labels: mailScopeLabels } = codedValues({
  personal: zhEn('个人邮件', 'Personal mail'),
  global: zhEn('全服邮件', 'Global mail'),
  comeback: zhEn('回流邮件', 'Comeback mail'),
});
export type MailScope = (typeof mailScopes)[number];
export const { codes: mailStates, labels: mailStateLabels } = codedValues({
  scheduled: zhEn('待生效', 'Scheduled'),
  active: zhEn('生效中', 'Active'),
  expired: zhEn('已过期', 'Expired'),
  recalled: zhEn('已撤回', 'Recalled'),
});
export type MailState = (typeof mailStates)[number];
/** How strongly the game asks a player to update (version upgrade levels). */
export const { codes: upgradeLevels, labels: upgradeLevelLabels } = codedValues({
  forced: zhEn('强制更新', 'Forced'),
  recommended: zhEn('推荐更新', 'Recommended'),
  silent: zhEn('静默更新', 'Silent'),
});
export type UpgradeLevel = (typeof upgradeLevels)[number];
