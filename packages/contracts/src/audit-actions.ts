import { type Label, type Locale, zhEn } from './bilingual.js';
import { resourceActionEndpoint } from './resource.js';
import { resources } from './resources/index.js';

/**
 * What each audit action means, in the operator's words: the label of the action (for filters and
 * columns) and the sentence an entry reads as, with its objects as placeholders (`{player}`,
 * `{mail}`…) that the console links to the object's page. The dashboard's recent entries use it
 * now; the system log and the player log can read the same table.
 */

/** The kinds of object an audit entry's target names. */
export const auditObjectKinds = [
  'player',
  'mail',
  'mailTemplate',
  'rewardTemplate',
  'role',
  'staffUser',
  'registration',
  'device',
  'mailAddress',
  'constant',
  'dictionary',
  'config',
  'configOverride',
  'maintenanceWindow',
  'maintenanceAllowList',
  'appUpgrade',
  'upgradeLevel',
  'ipCountry',
  'unlockTrack',
  'job',
  'giftCodeBatch',
  'redisKey',
  'incident',
  'priceLevel',
  'purchaseItem',
  'product',
  'giftPack',
  'store',
  'purchaseActivity',
  'purchaseMail',
  'iapSetting',
  'gameItem',
  'consumptionWay',
  'activityReward',
  'activity',
  'abLayer',
  'experiment',
] as const;
export type AuditObjectKind = (typeof auditObjectKinds)[number];

/** How an object is written in a sentence: `{id}` is the target's identifier. */
export const auditObjectLabels: Record<AuditObjectKind, Label> = {
  player: zhEn('玩家 {id}', 'player {id}'),
  mail: zhEn('邮件 #{id}', 'mail #{id}'),
  mailTemplate: zhEn('邮件模板 #{id}', 'mail template #{id}'),
  rewardTemplate: zhEn('奖励模板 #{id}', 'reward template #{id}'),
  role: zhEn('角色 {id}', 'role {id}'),
  staffUser: zhEn('员工 {id}', 'staff user {id}'),
  registration: zhEn('{id} 的注册', 'the registration of {id}'),
  device: zhEn('设备 {id}', 'device {id}'),
  mailAddress: zhEn('{id}', '{id}'),
  constant: zhEn('常量 {id}', 'constant {id}'),
  dictionary: zhEn('字典条目 {id}', 'dictionary entry {id}'),
  config: zhEn('配置字段 {id}', 'config field {id}'),
  configOverride: zhEn('测试覆盖 {id}', 'tester override {id}'),
  maintenanceWindow: zhEn('维护窗口 {id}', 'maintenance window {id}'),
  maintenanceAllowList: zhEn('维护白名单 {id}', 'maintenance allow-list {id}'),
  appUpgrade: zhEn('{id} 版本升级', '{id} version upgrade'),
  upgradeLevel: zhEn('升级等级 {id}', 'upgrade level {id}'),
  ipCountry: zhEn('IP 国家覆盖 {id}', 'IP country override {id}'),
  unlockTrack: zhEn('解锁轨迹 {id}', 'unlock track row {id}'),
  job: zhEn('后台任务 {id}', 'job {id}'),
  giftCodeBatch: zhEn('兑换码批次 #{id}', 'gift-code batch #{id}'),
  redisKey: zhEn('Redis 键 {id}', 'Redis key {id}'),
  incident: zhEn('事件 #{id}', 'incident #{id}'),
  priceLevel: zhEn('价格档位 {id}', 'price level {id}'),
  purchaseItem: zhEn('内购商品 #{id}', 'IAP item #{id}'),
  product: zhEn('商品 {id}', 'product {id}'),
  giftPack: zhEn('礼包 {id}', 'gift pack {id}'),
  store: zhEn('商店 {id}', 'store {id}'),
  purchaseActivity: zhEn('内购活动 {id}', 'purchase activity {id}'),
  purchaseMail: zhEn('购买邮件 {id}', 'purchase mail {id}'),
  iapSetting: zhEn('内购设置 {id}', 'IAP settings {id}'),
  gameItem: zhEn('道具设置 {id}', 'item settings {id}'),
  consumptionWay: zhEn('消耗途径 {id}', 'way of consumption {id}'),
  activityReward: zhEn('活动奖励表 {id}', 'activity reward table {id}'),
  activity: zhEn('活动 {id}', 'activity {id}'),
  abLayer: zhEn('实验层 {id}', 'layer {id}'),
  experiment: zhEn('实验 {id}', 'experiment {id}'),
};

/** What an entry recorded, for the links that need more than the target (a mail's scope). */
export interface AuditRecord {
  before?: unknown;
  after?: unknown;
}

const recordedField = (entry: AuditRecord, field: string): string | undefined => {
  for (const side of [entry.after, entry.before]) {
    const value = side && typeof side === 'object' ? (side as Record<string, unknown>)[field] : undefined;
    if (typeof value === 'string') return value;
  }
  return undefined;
};

/**
 * The console page an object links to: a route name of the route table, and the query that
 * names the object there (null: the entry does not say enough to link). Objects without a page
 * (a device, a mail address) are plain text.
 */
export const auditObjectPages: Partial<
  Record<AuditObjectKind, { route: string; query: (id: string, entry: AuditRecord) => Record<string, string> | null }>
> = {
  player: { route: 'gameUserDetail', query: (id) => ({ userId: id }) },
  mail: {
    route: 'emailEdit',
    query: (id, entry) => {
      const scope = recordedField(entry, 'scope') ?? recordedField(entry, 'mailScope');
      return scope ? { mailScope: scope, id } : null;
    },
  },
  mailTemplate: { route: 'emailTemplateEdit', query: (id) => ({ id }) },
  rewardTemplate: { route: 'emailRewardTemplateEdit', query: (id) => ({ id }) },
  role: { route: 'systemRoleManage', query: () => ({}) },
  staffUser: { route: 'systemUserList', query: () => ({}) },
  registration: { route: 'systemAllow', query: () => ({}) },
  constant: { route: 'settingConstantAdd', query: (id) => ({ key: id }) },
  dictionary: { route: 'settingDictionary', query: (id) => ({ search: id }) },
  giftCodeBatch: { route: 'giftCodeEdit', query: (id) => ({ id }) },
  priceLevel: { route: 'productPriceLevel', query: (id) => ({ search: id }) },
  product: { route: 'productList', query: (id) => ({ search: id }) },
  giftPack: { route: 'productGiftCode', query: (id) => ({ search: id }) },
  store: { route: 'productStore', query: (id) => ({ search: id }) },
  purchaseActivity: { route: 'productActivity', query: (id) => ({ search: id }) },
  purchaseMail: { route: 'purchaseMail', query: (id) => ({ search: id }) },
  iapSetting: { route: 'settingConfigIap', query: (id) => ({ search: id }) },
  gameItem: { route: 'settingConfigItem', query: (id) => ({ search: id }) },
  consumptionWay: { route: 'settingWayOfConsumption', query: (id) => ({ search: id }) },
  activityReward: { route: 'activityReward', query: (id) => ({ search: id }) },
  activity: { route: 'activityList', query: (id) => ({ search: id }) },
  abLayer: { route: 'abtestLayer', query: (id) => ({ search: id }) },
  experiment: { route: 'abtestExperimentDetail', query: (id) => ({ key: id }) },
};

interface AuditAction {
  label: Label;
  /** The sentence, subject omitted (the actor is shown beside it). */
  sentence: Label;
  /** What a bare target (no `kind:` prefix) names. */
  target?: AuditObjectKind;
}

const player = (label: Label, sentence: Label): AuditAction => ({ label, sentence, target: 'player' });

/** The four changes of a versioned resource (the kit's endpoint names), as sentences about `kind`. */
const resourceActions = <K extends string>(kind: K & AuditObjectKind, name: Label) => {
  const o = `{${kind}}`;
  const entry = (zhVerb: string, enVerb: string, zhTail = '', enTail = ''): AuditAction => ({
    label: zhEn(`${zhVerb}${name['zh-CN']}`, `${enVerb} ${name['en-US']}`),
    sentence: zhEn(`${zhVerb}了${o}${zhTail}`, `${enVerb.toLowerCase()}d ${o}${enTail}`),
    target: kind,
  });
  return {
    [`${kind}Create`]: entry('创建', 'Create'),
    [`${kind}Update`]: entry('修改', 'Update'),
    [`${kind}Delete`]: entry('删除', 'Delete'),
    [`${kind}Restore`]: entry('恢复', 'Restore', '的旧版本', ' to an old version'),
  } as Record<`${K}${'Create' | 'Update' | 'Delete' | 'Restore'}`, AuditAction>;
};

/** The declared list actions of every resource (`list.actions`), each its own audit action. */
const listActions = Object.fromEntries(
  Object.values(resources).flatMap((r) =>
    Object.entries((r.list as import('./resource-list.js').ResourceListDef | undefined)?.actions ?? {}).map(
      ([name, a]) => [
        resourceActionEndpoint(r, name),
        { label: a.label, sentence: a.sentence, target: r.name as AuditObjectKind } satisfies AuditAction,
      ],
    ),
  ),
) as Record<never, AuditAction>; // named at run time: `AuditActionName` keeps the written ones

export const auditActions = {
  ...listActions,
  ...resourceActions('constant', zhEn('常量', 'constant')),
  ...resourceActions('dictionary', zhEn('字典条目', 'dictionary entry')),
  ...resourceActions('config', zhEn('配置字段', 'config field')),
  ...resourceActions('configOverride', zhEn('测试覆盖', 'tester override')),
  ...resourceActions('maintenanceWindow', zhEn('维护窗口', 'maintenance window')),
  ...resourceActions('maintenanceAllowList', zhEn('维护白名单', 'maintenance allow-list')),
  ...resourceActions('appUpgrade', zhEn('版本升级', 'version upgrade')),
  ...resourceActions('upgradeLevel', zhEn('升级等级', 'upgrade level')),
  ...resourceActions('ipCountry', zhEn('IP 国家覆盖', 'IP country override')),
  ...resourceActions('unlockTrack', zhEn('解锁轨迹', 'unlock track row')),
  incidentSetState: {
    label: zhEn('更改事件状态', 'Change incident state'),
    sentence: zhEn('更改了{incident}的状态', 'changed the state of {incident}'),
    target: 'incident',
  },
  redisDelete: {
    label: zhEn('删除 Redis 键', 'Delete Redis keys'),
    sentence: zhEn('删除了{redisKey}', 'deleted {redisKey}'),
    target: 'redisKey',
  },
  ...resourceActions('priceLevel', zhEn('价格档位', 'price level')),
  ...resourceActions('purchaseItem', zhEn('内购商品', 'IAP item')),
  ...resourceActions('product', zhEn('商品', 'product')),
  ...resourceActions('giftPack', zhEn('礼包', 'gift pack')),
  ...resourceActions('store', zhEn('商店', 'store')),
  ...resourceActions('purchaseActivity', zhEn('内购活动', 'purchase activity')),
  ...resourceActions('purchaseMail', zhEn('购买邮件', 'purchase mail')),
  ...resourceActions('iapSetting', zhEn('内购设置', 'IAP settings')),
  ...resourceActions('gameItem', zhEn('道具设置', 'item settings')),
  ...resourceActions('consumptionWay', zhEn('消耗途径', 'way of consumption')),
  ...resourceActions('activityReward', zhEn('活动奖励表', 'activity reward table')),
  ...resourceActions('activity', zhEn('活动', 'activity')),
  ...resourceActions('abLayer', zhEn('实验层', 'layer')),
  ...resourceActions('experiment', zhEn('实验', 'experiment')),
  retryJob: { label: zhEn('重试后台任务', 'Retry job'), sentence: zhEn('重试了{job}', 'retried {job}'), target: 'job' },
  handOverJob: {
    label: zhEn('移交后台任务', 'Hand over job'),
    sentence: zhEn('把{job}从失联实例移交出去', 'handed {job} over from a gone instance'),
    target: 'job',
  },
  cancelJob: {
    label: zhEn('取消后台任务', 'Cancel job'),
    sentence: zhEn('取消了{job}', 'cancelled {job}'),
    target: 'job',
  },
  // The templates' other calls are the spec's (below); their restore is the kit's.
  mailTemplateRestore: resourceActions('mailTemplate', zhEn('邮件模板', 'mail template')).mailTemplateRestore,
  rewardTemplateRestore: resourceActions('rewardTemplate', zhEn('奖励模板', 'reward template')).rewardTemplateRestore,
  maintenanceStarted: {
    label: zhEn('维护开始', 'Maintenance started'),
    sentence: zhEn('{maintenanceWindow}开始', '{maintenanceWindow} started'),
    target: 'maintenanceWindow',
  },
  maintenanceEnded: {
    label: zhEn('维护结束', 'Maintenance ended'),
    sentence: zhEn('{maintenanceWindow}结束', '{maintenanceWindow} ended'),
    target: 'maintenanceWindow',
  },
  createRole: {
    label: zhEn('创建角色', 'Create role'),
    sentence: zhEn('创建了{role}', 'created {role}'),
    target: 'role',
  },
  updateRole: { label: zhEn('修改角色', 'Edit role'), sentence: zhEn('修改了{role}', 'edited {role}'), target: 'role' },
  deleteRole: {
    label: zhEn('删除角色', 'Delete role'),
    sentence: zhEn('删除了{role}', 'deleted {role}'),
    target: 'role',
  },
  copyRole: {
    label: zhEn('复制角色', 'Copy role'),
    sentence: zhEn('复制出{role}', 'copied a role as {role}'),
    target: 'role',
  },
  createStaffUser: {
    label: zhEn('创建员工', 'Create staff user'),
    sentence: zhEn('创建了{staffUser}', 'created {staffUser}'),
    target: 'staffUser',
  },
  updateStaffUser: {
    label: zhEn('修改员工', 'Edit staff user'),
    sentence: zhEn('修改了{staffUser}', 'edited {staffUser}'),
    target: 'staffUser',
  },
  resetStaffPassword: {
    label: zhEn('重置员工密码', 'Reset staff password'),
    sentence: zhEn('重置了{staffUser}的密码', 'reset the password of {staffUser}'),
    target: 'staffUser',
  },
  login: {
    label: zhEn('登录', 'Sign in'),
    sentence: zhEn('登录了控制台', 'signed in to the console'),
    target: 'staffUser',
  },
  logout: { label: zhEn('退出登录', 'Sign out'), sentence: zhEn('退出了控制台', 'signed out'), target: 'staffUser' },
  changePassword: {
    label: zhEn('修改密码', 'Change password'),
    sentence: zhEn('修改了自己的密码', 'changed their password'),
    target: 'staffUser',
  },
  requestCaptcha: {
    label: zhEn('发送验证码', 'Send captcha'),
    sentence: zhEn('向 {mailAddress} 发送了验证码', 'sent a captcha to {mailAddress}'),
    target: 'mailAddress',
  },
  register: {
    label: zhEn('注册', 'Register'),
    sentence: zhEn('提交了{registration}', 'submitted {registration}'),
    target: 'registration',
  },
  approveRegistration: {
    label: zhEn('批准注册', 'Approve registration'),
    sentence: zhEn('批准了{registration}', 'approved {registration}'),
    target: 'registration',
  },
  rejectRegistration: {
    label: zhEn('拒绝注册', 'Reject registration'),
    sentence: zhEn('拒绝了{registration}', 'rejected {registration}'),
    target: 'registration',
  },
  endPlayerSession: player(
    zhEn('强制下线', 'Sign player out'),
    zhEn('让{player}强制下线', 'signed {player} out of the game'),
  ),
  freezePlayers: player(zhEn('冻结玩家', 'Freeze player'), zhEn('冻结了{player}', 'froze {player}')),
  unfreezePlayers: player(zhEn('解冻玩家', 'Unfreeze player'), zhEn('解冻了{player}', 'unfroze {player}')),
  banDevices: {
    label: zhEn('封禁设备', 'Ban device'),
    sentence: zhEn('封禁了{device}', 'banned {device}'),
    target: 'device',
  },
  unbanDevices: {
    label: zhEn('解封设备', 'Lift device ban'),
    sentence: zhEn('解封了{device}', 'lifted the ban on {device}'),
    target: 'device',
  },
  clearPlayerData: player(zhEn('清除数据', 'Clear data'), zhEn('清除了{player}的数据', 'cleared the data of {player}')),
  migrateAccount: player(
    zhEn('迁移账号', 'Migrate account'),
    zhEn('迁移了{player}的账号', 'migrated the account of {player}'),
  ),
  copyAccount: player(zhEn('复制账号', 'Copy account'), zhEn('把存档复制到{player}', 'copied a save to {player}')),
  deductResources: player(
    zhEn('扣除资源', 'Deduct resources'),
    zhEn('扣除了{player}的资源', 'deducted resources of {player}'),
  ),
  removeItems: player(zhEn('删除道具', 'Remove items'), zhEn('删除了{player}的道具', 'removed items of {player}')),
  reviewSuspicion: player(
    zhEn('审核可疑记录', 'Review suspicion'),
    zhEn('审核了{player}的可疑记录', 'reviewed a suspicion on {player}'),
  ),
  restoreSnapshot: player(
    zhEn('恢复快照', 'Restore snapshot'),
    zhEn('恢复了{player}的快照', 'restored a snapshot of {player}'),
  ),
  banChat: player(zhEn('禁言', 'Chat ban'), zhEn('禁言了{player}', 'banned {player} from chat')),
  liftChatBan: player(
    zhEn('解除禁言', 'Lift chat ban'),
    zhEn('解除了{player}的禁言', 'lifted the chat ban of {player}'),
  ),
  unbindDevice: player(zhEn('解绑设备', 'Unbind device'), zhEn('解绑了{player}的设备', 'unbound a device of {player}')),
  addToBlacklist: player(zhEn('加入黑名单', 'Blacklist'), zhEn('把{player}加入黑名单', 'blacklisted {player}')),
  removeFromBlacklist: player(
    zhEn('移出黑名单', 'Remove from blacklist'),
    zhEn('把{player}移出黑名单', 'removed {player} from the blacklist'),
  ),
  deleteBusinessData: player(
    zhEn('删除业务数据', 'Delete business data'),
    zhEn('删除了{player}的业务数据', 'deleted the business data of {player}'),
  ),
  createMailTemplate: {
    label: zhEn('创建模板', 'Create template'),
    sentence: zhEn('创建了{mailTemplate}{rewardTemplate}', 'created {mailTemplate}{rewardTemplate}'),
  },
  updateMailTemplate: {
    label: zhEn('修改模板', 'Edit template'),
    sentence: zhEn('修改了{mailTemplate}{rewardTemplate}', 'edited {mailTemplate}{rewardTemplate}'),
  },
  deleteMailTemplate: {
    label: zhEn('删除模板', 'Delete template'),
    sentence: zhEn('删除了{mailTemplate}{rewardTemplate}', 'deleted {mailTemplate}{rewardTemplate}'),
  },
  createGiftCodeBatch: {
    label: zhEn('创建兑换码批次', 'Create gift-code batch'),
    sentence: zhEn('创建了{giftCodeBatch}', 'created {giftCodeBatch}'),
    target: 'giftCodeBatch',
  },
  updateGiftCodeBatch: {
    label: zhEn('修改兑换码批次', 'Edit gift-code batch'),
    sentence: zhEn('修改了{giftCodeBatch}', 'edited {giftCodeBatch}'),
    target: 'giftCodeBatch',
  },
  sendGiftCodeComebackMail: {
    label: zhEn('发送带兑换码的回流邮件', 'Send comeback mail with codes'),
    sentence: zhEn('发送了带{giftCodeBatch}兑换码的回流邮件', 'sent comeback mail with codes of {giftCodeBatch}'),
    target: 'giftCodeBatch',
  },
  resumeGiftCodeGeneration: {
    label: zhEn('继续生成兑换码', 'Resume gift-code generation'),
    sentence: zhEn('继续生成{giftCodeBatch}的兑换码', 'resumed the generation of {giftCodeBatch}'),
    target: 'giftCodeBatch',
  },
  closeGiftCodeGeneration: {
    label: zhEn('按现有数量结束生成', 'Close gift-code generation'),
    sentence: zhEn('按现有兑换码数量结束了{giftCodeBatch}', 'closed {giftCodeBatch} at the codes it has'),
    target: 'giftCodeBatch',
  },
  disableGiftCodes: {
    label: zhEn('停用兑换码', 'Disable gift codes'),
    sentence: zhEn('停用了{giftCodeBatch}的兑换码', 'disabled codes of {giftCodeBatch}'),
    target: 'giftCodeBatch',
  },
  createMail: { label: zhEn('发送邮件', 'Send mail'), sentence: zhEn('发送了{mail}', 'sent {mail}'), target: 'mail' },
  updateMail: { label: zhEn('修改邮件', 'Edit mail'), sentence: zhEn('修改了{mail}', 'edited {mail}'), target: 'mail' },
  recallMail: {
    label: zhEn('撤回邮件', 'Recall mail'),
    sentence: zhEn('撤回了{mail}', 'recalled {mail}'),
    target: 'mail',
  },
  removePlayerMail: {
    label: zhEn('删除玩家邮件', "Remove a player's mail"),
    sentence: zhEn('从{player}的邮箱删除了{mail}', "removed {mail} from {player}'s mailbox"),
    target: 'mail',
  },
} satisfies Record<string, AuditAction>;

export type AuditActionName = keyof typeof auditActions;

export const isAuditAction = (name: string): name is AuditActionName => Object.hasOwn(auditActions, name);

/** One piece of a sentence: text, or an object the console may link. */
export type AuditPiece = { text: string } | { text: string; object: { kind: AuditObjectKind; id: string } };

/**
 * The objects an entry's target names: `kind:id` pairs (`player:5 mail:7`), or a bare
 * identifier of the action's default kind. The template kinds are written `mailTemplate:3`.
 */
/** Target prefixes the server writes (`auditTarget`) that name an object kind by another word. */
const targetPrefixKinds: Record<string, AuditObjectKind> = { staff: 'staffUser', email: 'mailAddress' };

export function auditObjects(action: string, target: string | null): Partial<Record<AuditObjectKind, string>> {
  if (!target) return {};
  const found: Partial<Record<AuditObjectKind, string>> = {};
  const pairs = [...target.matchAll(/(\w+):(\S+)/g)];
  for (const [, prefix, id] of pairs) {
    const kind = targetPrefixKinds[prefix] ?? prefix;
    if ((auditObjectKinds as readonly string[]).includes(kind)) found[kind as AuditObjectKind] = id;
  }
  if (Object.keys(found).length === 0 && isAuditAction(action)) {
    const kind = (auditActions[action] as AuditAction).target;
    if (kind) found[kind] = pairs.length === 1 ? pairs[0][2] : target;
  }
  return found;
}

/**
 * An audit entry as a sentence in `locale`, cut into text and objects. An action the table does
 * not know yet reads as its label-less name with the raw target, so nothing is hidden.
 */
export function describeAudit(entry: { action: string; target: string | null }, locale: Locale): AuditPiece[] {
  if (!isAuditAction(entry.action)) {
    return [{ text: entry.target ? `${entry.action} ${entry.target}` : entry.action }];
  }
  const objects = auditObjects(entry.action, entry.target);
  const sentence = auditActions[entry.action].sentence[locale];
  const pieces: AuditPiece[] = [];
  let last = 0;
  for (const match of sentence.matchAll(/\{(\w+)\}/g)) {
    if (match.index > last) pieces.push({ text: sentence.slice(last, match.index) });
    last = match.index + match[0].length;
    const kind = match[1] as AuditObjectKind;
    const id = objects[kind];
    if (id !== undefined)
      pieces.push({ text: auditObjectLabels[kind][locale].replace('{id}', id), object: { kind, id } });
  }
  if (last < sentence.length) pieces.push({ text: sentence.slice(last) });
  // A target the sentence has no place for stays visible.
  if (entry.target && !Object.keys(objects).length) pieces.push({ text: ` (${entry.target})` });
  return pieces;
}

/** The label of an action (filters, columns); an unknown action shows its name. */
export const auditActionLabel = (action: string, locale: Locale) =>
  isAuditAction(action) ? auditActions[action].label[locale] : action;
