import { type DefaultGrants, defineArea, type GrantList, type PermissionGroup } from '../../area.js';
import { type AreaAudit, recordedField, resourceActions } from '../../audit-kit.js';
import { type Label, zhEn } from '../../bilingual.js';
import { resourceVersionEndpoints } from '../../resource.js';
import { mailEndpoints, mailGameEndpoints, mailTemplateResource, rewardTemplateResource } from './endpoints.js';
import { mailRoutes, templateRoutes } from './routes.js';

const permissions = {
  mail: {
    label: zhEn('邮件', 'Mail'),
    permissions: {
      mailQuery: zhEn('查询个人邮件', 'Query personal mail'),
      mailCreate: zhEn('发送个人邮件', 'Send personal mail'),
      mailDelete: zhEn('撤回个人邮件', 'Recall personal mail'),
      globalMailQuery: zhEn('查询全服邮件', 'Query global mail'),
      globalMailCreate: zhEn('发送全服邮件', 'Send global mail'),
      globalMailDelete: zhEn('撤回全服邮件', 'Recall global mail'),
      mailTemplateQuery: zhEn('查询邮件模板', 'Query mail templates'),
      mailTemplateCreate: zhEn('编辑邮件模板', 'Edit mail templates'),
      mailRewardTemplateQuery: zhEn('查询奖励模板', 'Query reward templates'),
      mailRewardTemplateCreate: zhEn('编辑奖励模板', 'Edit reward templates'),
    },
  },
} as const satisfies Record<string, PermissionGroup>;

const routes = [...mailRoutes, ...templateRoutes] as const;

/** The area's messages (keys the server sends and schemas carry). */
export const mailMessages = {
  'cond.list': zhEn('条件必须是规则列表', 'Conditions must be a list of rules'),
  'cond.tooMany': zhEn('条件最多 30 条', 'At most 30 condition rules'),
  'cond.attr': zhEn('未知的条件属性', 'Unknown condition attribute'),
  'cond.opNotAllowed': zhEn('该属性不支持此运算符', 'This operator does not apply to this attribute'),
  'cond.valueRequired': zhEn('请填写条件的值', 'Enter the value of the rule'),
  'cond.listRequired': zhEn('包含/排除需要一个值列表', 'Include and exclude take a list of values'),
  'cond.listEmpty': zhEn('包含/排除的列表不能为空', 'The include or exclude list cannot be empty'),
  'cond.listTooLong': zhEn('列表最多 500 个值', 'At most 500 values in a list'),
  'cond.singleRequired': zhEn('该运算符只接受一个值', 'This operator takes a single value'),
  'cond.os': zhEn('操作系统应为 Android 或 iOS', 'The OS must be Android or iOS'),
  'cond.version': zhEn('版本号格式应为 1.2.3', 'A version looks like 1.2.3'),
  'cond.language': zhEn('语言代码格式应为 en 或 zh-CN', 'A language looks like en or zh-CN'),
  'cond.country': zhEn('国家应为两位国家代码，如 US', 'A country is a two-letter code such as US'),
  'cond.time': zhEn('无效日期', 'Invalid date'),
  'cond.count': zhEn('应为不小于 0 的整数', 'Enter a whole number of 0 or more'),
  'cond.percent': zhEn('百分比应在 0 到 100 之间', 'A percentage is between 0 and 100'),
  'cond.seed': zhEn('种子最多 100 个字符', 'A seed has at most 100 characters'),
  'cond.rangeRequired': zhEn('“介于”需要下限和上限两个值', '“Between” takes a lower and an upper bound'),
  'cond.rangeOrder': zhEn('下限不能大于上限', 'The lower bound cannot be above the upper bound'),
  'cond.userType': zhEn('用户类型应为普通用户、付费用户或全部用户', 'The user type is Normal, Paying or All users'),
  'mail.scope': zhEn('邮件类型应为个人、全服或回流邮件', 'The mail type is personal, global or comeback'),
  'mail.titleRequired': zhEn('请填写标题', 'Please enter the title'),
  'mail.contentRequired': zhEn('请填写内容', 'Please enter the content'),
  'mail.languageTag': zhEn('语言代码无效，如 zh-CN、en-US', 'Invalid language code (e.g. zh-CN, en-US)'),
  'mail.languagePairs': zhEn('每种语言都需要同时填写标题和内容', 'Each language needs both a title and a content'),
  'mail.userIdsRequired': zhEn('请输入玩家 ID，每行一个', 'Enter the player IDs, one per line'),
  'mail.tooManyUserIds': zhEn('一封邮件最多发送给 10000 名玩家', 'A mail goes to at most 10,000 players'),
  'mail.userIdsNotForScope': zhEn('只有个人邮件填写玩家 ID', 'Only personal mail lists player IDs'),
  'mail.conditionsNotForScope': zhEn('个人邮件不使用条件', 'Personal mail has no conditions'),
  'mail.expireAfterEffective': zhEn('失效时间必须晚于生效时间', 'The expiry must be after the start'),
  'mail.expireInPast': zhEn('失效时间已经过去', 'The expiry is in the past'),
  'mail.maxTimes': zhEn('最多领取次数应为 1–100 的整数', 'Max times is a whole number from 1 to 100'),
  'mail.notLoginDays': zhEn('回流邮件需要填写未登录天数（1–3650）', 'Comeback mail needs the days away (1–3650)'),
  'mail.comebackOnly': zhEn('只有回流邮件使用该字段', 'Only comeback mail uses this field'),
  'mail.iapId': zhEn(
    '内购商品 ID 只能包含字母、数字和 . _ -，最长 100 位',
    'An IAP ID uses letters, digits and . _ - (at most 100)',
  ),
  'mail.notFound': zhEn('邮件不存在', 'Mail not found'),
  'mail.recalled': zhEn('邮件已撤回', 'The mail was recalled'),
  'mail.expired': zhEn('邮件已过期，不能修改', 'The mail has expired and cannot be changed'),
  'mail.lockedAfterStart': zhEn(
    '邮件生效后只能修改标题、内容和失效时间',
    'Once a mail is active only its title, content and expiry can change',
  ),
  'mail.scopeMismatch': zhEn('邮件类型与请求不符', 'The mail type does not match the request'),
  'mail.templateNotFound': zhEn('邮件模板不存在', 'Mail template not found'),
  'mail.rewardTemplateNotFound': zhEn('奖励模板不存在', 'Reward template not found'),
  'mail.playerRequired': zhEn('请输入社交 ID、设备 ID 或玩家 ID', 'Enter a social ID, device ID or user ID'),
  'template.table': zhEn('模板类型应为 mail 或 reward', 'The template table is mail or reward'),
  'template.nameRequired': zhEn('请输入模板名称', 'Please enter the template name'),
  'template.nameTaken': zhEn('模板名称已存在', 'This template name is taken'),
  'template.rewardRequired': zhEn('奖励模板至少需要一项奖励', 'A reward template needs at least one reward'),
  'claim.claimed': zhEn('领取成功', 'Claimed'),
  'claim.already': zhEn('该邮件已领取过，没有再次发放奖励', 'Already claimed; nothing was given again'),
  'claim.blacklisted': zhEn('玩家在黑名单中，不能领取奖励', 'The player is blacklisted and receives no rewards'),
} as const satisfies Record<string, Label>;

const jobs = { 'mail.prune': zhEn('清理过期邮件副本', 'Prune expired mail copies') } as const satisfies Record<
  string,
  Label
>;

/** What every role that works with the area reads. */
const reads: GrantList<typeof permissions> = [
  'mailQuery',
  'globalMailQuery',
  'mailTemplateQuery',
  'mailRewardTemplateQuery',
];
/** What operations and developers hold: the reads and every change. */
const edits: GrantList<typeof permissions> = [
  ...reads,
  'mailCreate',
  'mailDelete',
  'globalMailCreate',
  'globalMailDelete',
  'mailTemplateCreate',
  'mailRewardTemplateCreate',
];
/**
 * What the built-in roles hold of its permissions by default (the roles are seeded with them;
 * `maxRole` and `admin` pass every check).
 */
const grants = {
  operation: edits,
  developer: edits,
  tester: [...reads, 'mailCreate'],
  service: ['mailQuery', 'globalMailQuery'],
  serviceManager: ['mailQuery', 'globalMailQuery', 'mailCreate'],
} satisfies DefaultGrants<typeof permissions>;

/** Its audit vocabulary: the objects its entries name and what each action reads as. */
const audit = {
  objects: {
    mail: {
      label: zhEn('邮件 #{id}', 'mail #{id}'),
      page: {
        route: 'emailEdit',
        query: (id, entry) => {
          const scope = recordedField(entry, 'scope') ?? recordedField(entry, 'mailScope');
          return scope ? { mailScope: scope, id } : null;
        },
      },
    },
    mailTemplate: {
      label: zhEn('邮件模板 #{id}', 'mail template #{id}'),
      page: { route: 'emailTemplateEdit', query: (id) => ({ id }) },
    },
    rewardTemplate: {
      label: zhEn('奖励模板 #{id}', 'reward template #{id}'),
      page: { route: 'emailRewardTemplateEdit', query: (id) => ({ id }) },
    },
  },
  actions: {
    // The templates' other calls are the spec's (below); their restore is the kit's.
    mailTemplateRestore: resourceActions('mailTemplate', zhEn('邮件模板', 'mail template')).mailTemplateRestore,
    rewardTemplateRestore: resourceActions('rewardTemplate', zhEn('奖励模板', 'reward template')).rewardTemplateRestore,
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
    createMail: { label: zhEn('发送邮件', 'Send mail'), sentence: zhEn('发送了{mail}', 'sent {mail}'), target: 'mail' },
    updateMail: {
      label: zhEn('修改邮件', 'Edit mail'),
      sentence: zhEn('修改了{mail}', 'edited {mail}'),
      target: 'mail',
    },
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
  },
} satisfies AreaAudit;

/** Mail: personal and global mails, templates, the mailbox and claims. */
export const mailArea = defineArea({
  name: 'mail',
  audit,
  permissions,
  grants,
  routes,
  endpoints: {
    ...mailEndpoints,
    ...mailGameEndpoints,
    ...resourceVersionEndpoints(mailTemplateResource),
    ...resourceVersionEndpoints(rewardTemplateResource),
  },
  resources: { mailTemplate: mailTemplateResource, rewardTemplate: rewardTemplateResource },
  messages: mailMessages,
  jobs,
});

declare module '../../area.js' {
  interface AreaJobs {
    mail: typeof jobs;
  }
  interface AreaPermissionGroups {
    mail: typeof permissions;
  }
  interface AreaRouteTables {
    mail: typeof routes;
  }
  interface AreaMessages {
    mail: typeof mailMessages;
  }
}

// What the area offers the server and the console beside its declaration.
export * from './endpoints.js';
