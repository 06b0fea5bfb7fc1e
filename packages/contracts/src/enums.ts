import { type Label, type Locale, zhEn } from './permissions.js';

/**
 * Coded values (enums) and their zh/en labels: the one declaration the server (typed columns,
 * schemas) and the web (filters, tags, texts) take them from. No zod here, so the console's
 * first load can take labels without the schemas.
 */

/** One language's labels of an enum, e.g. for the web's i18n texts. */
export const labelsIn = <K extends string>(labels: Record<K, Label>, locale: Locale): Record<K, string> =>
  Object.fromEntries(Object.entries<Label>(labels).map(([k, v]) => [k, v[locale]])) as Record<K, string>;

// Staff accounts
export const staffStatuses = ['active', 'disabled', 'pending', 'rejected'] as const;
export type StaffStatus = (typeof staffStatuses)[number];
export const staffStatusLabels: Record<StaffStatus, Label> = {
  active: zhEn('启用', 'Active'),
  disabled: zhEn('停用', 'Disabled'),
  pending: zhEn('待审批', 'Pending'),
  rejected: zhEn('已拒绝', 'Rejected'),
};
/** The states a registration's review shows (a disabled account is no longer a registration). */
export const registrationStates = ['pending', 'active', 'rejected'] as const satisfies readonly StaffStatus[];
export type RegistrationState = (typeof registrationStates)[number];
/** Where an account came from: made by an administrator, or a registration. */
export const staffSources = ['console', 'register'] as const;

// Players
export const playerStatuses = ['normal', 'frozen'] as const;
export type PlayerStatus = (typeof playerStatuses)[number];
export const playerStatusLabels: Record<PlayerStatus, Label> = {
  normal: zhEn('正常', 'Normal'),
  frozen: zhEn('冻结', 'Frozen'),
};
/** Whether a player has ever paid. */
export const playerUserTypes = ['payment', 'normal'] as const;
export type PlayerUserType = (typeof playerUserTypes)[number];
export const playerUserTypeLabels: Record<PlayerUserType, Label> = {
  payment: zhEn('付费用户', 'Paying'),
  normal: zhEn('普通用户', 'Normal'),
};

/** The plausibility rules a save is checked against (a broken one files a suspicion record). */
export const suspicionRules = ['resourceGain', 'saveCountJump', 'unboundDevice'] as const;
export type SuspicionRule = (typeof suspicionRules)[number];
export const suspicionRuleLabels: Record<SuspicionRule, Label> = {
  resourceGain: zhEn('资源增长异常', 'Resource gain too fast'),
  saveCountJump: zhEn('存档次数跳变', 'Save count jump'),
  unboundDevice: zhEn('未绑定设备存档', 'Save from unbound device'),
};

// Mail
export const mailScopes = ['personal', 'global', 'comeback'] as const;
export type MailScope = (typeof mailScopes)[number];
export const mailScopeLabels: Record<MailScope, Label> = {
  personal: zhEn('个人邮件', 'Personal mail'),
  global: zhEn('全服邮件', 'Global mail'),
  comeback: zhEn('回流邮件', 'Comeback mail'),
};
export const mailStates = ['scheduled', 'active', 'expired', 'recalled'] as const;
export type MailState = (typeof mailStates)[number];
export const mailStateLabels: Record<MailState, Label> = {
  scheduled: zhEn('待生效', 'Scheduled'),
  active: zhEn('生效中', 'Active'),
  expired: zhEn('已过期', 'Expired'),
  recalled: zhEn('已撤回', 'Recalled'),
};
/** How strongly the game asks a player to update (version upgrade levels). */
export const upgradeLevels = ['forced', 'recommended', 'silent'] as const;
export type UpgradeLevel = (typeof upgradeLevels)[number];
export const upgradeLevelLabels: Record<UpgradeLevel, Label> = {
  forced: zhEn('强制更新', 'Forced'),
  recommended: zhEn('推荐更新', 'Recommended'),
  silent: zhEn('静默更新', 'Silent'),
};
