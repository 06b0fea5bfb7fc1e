import { giftCodeMessages } from './gift-code-messages.js';
import { type Label, type Locale, zhEn } from './permissions.js';
import { abtestMessages } from './resources/abtest-messages.js';
import { configMessages } from './resources/config-messages.js';
import { gamegateMessages } from './resources/gamegate-messages.js';
import { resourceMessages } from './resources/messages.js';
import { storeMessages } from './resources/store-messages.js';

/**
 * Messages the server sends and schemas carry as keys (`z.string().min(1, 'v.required')`).
 * Server and web translate a key through this table; an area adds its own keys here.
 */
export const messages = {
  // HTTP error catalogue (spec §8)
  'http.400': zhEn('请求错误', 'Bad request'),
  'http.401': zhEn('未授权，请重新登录', 'Unauthorized, please sign in again'),
  // The game API's servers, not a person, read this one: it names the header, not a sign-in.
  'http.gameKey': zhEn('游戏密钥（X-Game-Key）缺失或不正确', 'The game key (X-Game-Key) is missing or wrong'),
  'http.403': zhEn('拒绝访问', 'Access denied'),
  'http.404': zhEn('请求地址出错', 'Request address error'),
  'http.408': zhEn('请求超时', 'Request timeout'),
  'http.409': zhEn('数据已被修改，请刷新后重试', 'The data changed meanwhile; reload and try again'),
  'http.413': zhEn('请求内容过大', 'The request is too large'),
  'http.429': zhEn('请求过于频繁，请稍后再试', 'Too many requests, try again later'),
  'http.500': zhEn('服务器内部错误', 'Internal server error'),
  'http.501': zhEn('服务未实现', 'Service not implemented'),
  'http.502': zhEn('网关错误', 'Bad gateway'),
  'http.503': zhEn('服务不可用', 'Service unavailable'),
  'http.504': zhEn('网关超时', 'Gateway timeout'),
  'http.505': zhEn('HTTP版本不受支持', 'HTTP version not supported'),
  'http.noPermission': zhEn('您没有该操作的权限', 'You have no permission for this operation'),
  'http.malformedJson': zhEn('JSON 格式错误', 'Malformed JSON'),
  'http.validation': zhEn('输入有误，请检查标记的字段', 'Invalid input; check the marked fields'),
  'http.databaseUnavailable': zhEn(
    '数据库暂时无法连接，请稍后重试',
    'The database cannot be reached for the moment; try again shortly',
  ),
  'http.redisUnavailable': zhEn(
    'Redis 暂时无法连接，请稍后重试',
    'Redis cannot be reached for the moment; try again shortly',
  ),
  // validation
  'v.required': zhEn('此项为必填项', 'This field is required'),
  'v.invalidDate': zhEn('无效日期', 'Invalid date'),
  'v.invalidJson': zhEn('不是有效的 JSON', 'Not valid JSON'),
  'v.invalidValue': zhEn('取值无效', 'Invalid value'),
  'v.numberExpected': zhEn('请输入数字', 'Enter a number'),
  'v.chooseListed': zhEn('请从列表中选择', 'Choose one of the listed values'),
  'v.textMax': zhEn('最多 {maximum} 个字符', 'At most {maximum} characters'),
  'v.textMin': zhEn('至少 {minimum} 个字符', 'At least {minimum} characters'),
  'v.itemsMax': zhEn('最多 {maximum} 项', 'At most {maximum} items'),
  'v.itemsMin': zhEn('至少 {minimum} 项', 'At least {minimum} items'),
  'v.numberMax': zhEn('不能大于 {maximum}', 'At most {maximum}'),
  'v.numberMin': zhEn('不能小于 {minimum}', 'At least {minimum}'),
  'v.numberBelow': zhEn('必须小于 {maximum}', 'Must be below {maximum}'),
  'v.numberAbove': zhEn('必须大于 {minimum}', 'Must be above {minimum}'),
  'v.mailRequired': zhEn('请输入邮箱', 'Please enter the email'),
  'v.passwordRequired': zhEn('请输入密码', 'Please enter the password'),
  'v.mobileRequired': zhEn('请输入手机号', 'Please enter the phone number'),
  'v.captchaRequired': zhEn('请输入验证码', 'Please enter the captcha'),
  'v.mobileFormat': zhEn('手机号格式不正确', 'Phone number format incorrect'),
  'v.emailFormat': zhEn('邮箱格式不正确', 'Email format incorrect'),
  'v.passwordLength': zhEn('密码至少 12 位', 'The password needs at least 12 characters'),
  'v.passwordCommon': zhEn(
    '这是常见密码，很容易被猜中，请换一个',
    'This is a common password that is easy to guess; choose another',
  ),
  'v.passwordIsName': zhEn('密码不能与用户名或邮箱相同', 'The password cannot be the user name or the email'),
  'v.usernameRequired': zhEn('请输入用户名', 'Please enter the user name'),
  'v.usernameFormat': zhEn(
    '用户名只能包含字母、数字、点、下划线、@ 和 -，长度 3–64',
    'User names use letters, digits, . _ @ - and have 3–64 characters',
  ),
  'v.roleNameRequired': zhEn('请输入角色名', 'Please enter the role name'),
  'v.roleRequired': zhEn('请选择角色', 'Please choose a role'),
  'v.unknownPermission': zhEn('未知的权限', 'Unknown permission'),
  'v.captchaFormat': zhEn('验证码为 6 位数字', 'The captcha has 6 digits'),
  'v.timeRangeRequired': zhEn('请选择开始和结束时间', 'Choose a start and an end time'),
  'v.timeRangeOrder': zhEn('结束时间必须晚于开始时间', 'The end must be after the start'),
  // staff and access
  'auth.loginFailed': zhEn('登录失败', 'Login failed'),
  'auth.badCredentials': zhEn('用户名或密码错误', 'Wrong user name or password'),
  'auth.disabled': zhEn('账号已停用', 'This account is disabled'),
  'auth.pending': zhEn('账号正在等待审批', 'This account is waiting for approval'),
  'auth.rejected': zhEn('注册申请已被拒绝', 'The registration was rejected'),
  'auth.throttled': zhEn('登录失败次数过多，请稍后再试', 'Too many failed sign-ins; try again later'),
  'auth.wrongOldPassword': zhEn('原密码错误', 'The current password is wrong'),
  'auth.samePassword': zhEn('新密码不能与原密码相同', 'The new password must differ from the current one'),
  'captcha.wait': zhEn('验证码发送过于频繁，请 60 秒后再试', 'Captcha requested too often; wait 60 seconds'),
  'captcha.invalid': zhEn('验证码错误或已过期', 'The captcha is wrong or expired'),
  'captcha.tooManyTries': zhEn('验证码尝试次数过多，请重新获取', 'Too many captcha attempts; request a new one'),
  'register.mailTaken': zhEn('该邮箱已注册', 'This email is already registered'),
  'staff.usernameTaken': zhEn('用户名已存在', 'This user name is taken'),
  'staff.emailTaken': zhEn('邮箱已被使用', 'This email is in use'),
  'staff.notFound': zhEn('用户不存在', 'User not found'),
  'staff.lastAdmin': zhEn('不能停用或降级最后一个管理员', 'The last admin cannot be disabled or demoted'),
  'staff.notPending': zhEn('该注册申请已处理', 'This registration was already handled'),
  'role.nameTaken': zhEn('角色名已存在', 'This role name is taken'),
  'role.notFound': zhEn('角色不存在', 'Role not found'),
  'role.nameReserved': zhEn(
    '角色名不能与权限名或内置角色名相同（不区分大小写）',
    'A role name cannot be a permission name or a built-in role name (in any letter case)',
  ),
  'role.builtIn': zhEn('内置角色不能删除或改名', 'A built-in role cannot be deleted or renamed'),
  'role.inUse': zhEn('角色仍有用户使用，不能删除', 'The role still has users and cannot be deleted'),
  'role.superRole': zhEn(
    '不能授予超出自身权限的角色',
    'You cannot grant a role with permissions you do not hold yourself',
  ),
  // players (support and moderation, game API)
  'v.amountInteger': zhEn('数量必须是整数', 'The amount must be a whole number'),
  'v.amountNegative': zhEn('数量不能为负数', 'The amount cannot be negative'),
  'v.amountPositive': zhEn('数量必须是正整数', 'The amount must be a positive whole number'),
  'v.amountTooLarge': zhEn('数量过大', 'The amount is too large'),
  'v.unknownResource': zhEn('未知的资源类型', 'Unknown resource kind'),
  'v.chooseKind': zhEn('请选择类型', 'Choose a kind'),
  'v.duplicateReward': zhEn('同一资源类型只能出现一次', 'Each resource kind may appear only once'),
  'v.userIdFormat': zhEn('玩家 ID 必须是正整数', 'A user ID is a positive whole number'),
  'v.userIdsRequired': zhEn('请至少输入一个玩家 ID', 'Enter at least one user ID'),
  'v.tooManyUserIds': zhEn('一次最多操作 25 个账号', 'At most 25 accounts at once'),
  'v.deviceIdRequired': zhEn('请输入设备 ID', 'Please enter the device ID'),
  'v.deviceIdsRequired': zhEn('请至少输入一个设备 ID', 'Enter at least one device ID'),
  'v.tooManyDeviceIds': zhEn('一次最多操作 25 台设备', 'At most 25 devices at once'),
  'v.idFormat': zhEn(
    'ID 只能包含字母、数字和 . _ : @ | + / = -，长度 1–128',
    'IDs use letters, digits and . _ : @ | + / = - (1–128 characters)',
  ),
  'v.appVersionFormat': zhEn('版本号格式应为 1.2.3', 'The app version looks like 1.2.3'),
  'v.reasonRequired': zhEn('请输入原因', 'Please enter the reason'),
  'v.textInvalid': zhEn(
    '文本包含不允许的字符（控制字符或无效编码）',
    'The text contains characters that are not allowed (control characters or broken encoding)',
  ),
  'v.textTooLong': zhEn('文本过长：最多 {maximum} 个字符', 'The text is too long: at most {maximum} characters'),
  'v.jsonTooDeep': zhEn('嵌套层级过深', 'Nested too deeply'),
  'v.numberOutOfRange': zhEn('数值超出可保存的范围', 'The number is too large to be stored'),
  'v.nameInvisible': zhEn(
    '名称不能包含不可见字符或文字方向控制字符',
    'A name cannot contain invisible or text-direction characters',
  ),
  'v.untilInPast': zhEn('结束时间必须晚于当前时间', 'The end time must be in the future'),
  'v.searchKeyRequired': zhEn(
    '请输入玩家 ID、社交 ID、设备 ID 或匿名 ID 之一',
    'Enter a user ID, social ID, device ID or anonymous ID',
  ),
  'v.samePlayer': zhEn('源账号和目标账号不能相同', 'The source and target accounts must differ'),
  'v.itemsRequired': zhEn('请至少选择一项', 'Choose at least one item'),
  'player.notFound': zhEn('玩家不存在', 'Player not found'),
  'player.someNotFound': zhEn('以下玩家 ID 不存在：{ids}', 'These user IDs do not exist: {ids}'),
  'player.frozen': zhEn(
    '账号已被冻结，原因：{reason}，解封时间：{until}',
    'This account is frozen. Reason: {reason}. Until: {until}',
  ),
  'player.frozenForever': zhEn(
    '账号已被永久冻结，原因：{reason}',
    'This account is frozen permanently. Reason: {reason}',
  ),
  'player.deviceBanned': zhEn(
    '该设备已被封禁，原因：{reason}，解封时间：{until}',
    'This device is banned. Reason: {reason}. Until: {until}',
  ),
  'player.deviceBannedForever': zhEn(
    '该设备已被永久封禁，原因：{reason}',
    'This device is banned permanently. Reason: {reason}',
  ),
  'player.staleSave': zhEn(
    '存档已过期（服务器存档次数 {current}），请重新加载',
    'Stale save (the server has save count {current}); reload first',
  ),
  'player.sessionEnded': zhEn('游戏会话已被结束，请重新登录', 'The game session was ended; sign in again'),
  'player.insufficient': zhEn(
    '资源不足：{kind} 现有 {have}，无法扣除 {amount}',
    'Not enough {kind}: the player has {have}, cannot deduct {amount}',
  ),
  'player.targetHasSocialId': zhEn(
    '目标账号已绑定社交 ID，不能迁移',
    'The target account already has a social ID; migration refused',
  ),
  'player.sourceHasNoSocialId': zhEn(
    '源账号没有绑定社交 ID，无需迁移',
    'The source account has no social ID to migrate',
  ),
  'player.snapshotNotFound': zhEn('快照不存在', 'Snapshot not found'),
  'player.suspicionNotFound': zhEn('异常记录不存在', 'Suspicious-user record not found'),
  'player.deviceNotBound': zhEn('该设备未绑定此玩家', 'This device is not bound to this player'),
  'player.noSession': zhEn('没有找到与该社交 ID 或设备 ID 对应的玩家', 'No player has this social ID or device ID'),
  // mail: condition engine, templates, mails, mailbox and claims
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
  'job.leaseExpired': zhEn('运行超时（租约到期），已交给其他实例', 'Ran past its lease; handed to another instance'),
  'job.notFound': zhEn('任务不存在', 'Job not found'),
  'job.notRetryable': zhEn('只有失败或已取消的任务可以重试', 'Only a failed or cancelled job can be retried'),
  'job.retryWaiting': zhEn(
    '同一对象已有一个任务在等待运行，无需再重试这个',
    'Another job for the same subject is already waiting to run; this one need not be retried',
  ),
  'job.notHandOver': zhEn(
    '只有运行它的实例已失联的运行中任务可以移交',
    'Only a running job whose instance is gone can be handed over',
  ),
  'job.instanceGone': zhEn(
    '运行它的实例失联，已收回并交给其他实例',
    'Its instance was gone; taken back for another instance',
  ),
  'job.notCancellable': zhEn('只有等待中或运行中的任务可以取消', 'Only a waiting or running job can be cancelled'),
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
  'redis.notConfigured': zhEn('未配置 Redis（设置 REDIS_URL）', 'Redis is not configured (set REDIS_URL)'),
  'redis.unavailable': zhEn('Redis 暂时无法连接', 'Redis cannot be reached right now'),
  'redis.tooManyKeys': zhEn('一次最多删除 1000 个键', 'At most 1,000 keys at once'),
  'redis.keyNotFound': zhEn('该键不存在', 'This key does not exist'),
  'redis.confirmCount': zhEn('请输入要删除的键数以确认', 'Type the number of keys to delete to confirm'),
  'redis.keyFormat': zhEn(
    '键名不能为空，最长 512 个字符，不含控制字符',
    'A key is 1 to 512 characters, without control characters',
  ),
  'log.incidentNotFound': zhEn('事件不存在', 'Incident not found'),
  'log.batchTooLarge': zhEn('一批日志最多 500 条', 'A log batch holds at most 500 entries'),
  'log.publicBatchTooLarge': zhEn('未登录时一批日志最多 20 条', 'Before sign-in a log batch holds at most 20 entries'),
  'log.windowTooWide': zhEn('查询时间范围最多 31 天', 'A log query covers at most 31 days'),
  'log.windowOrder': zhEn('结束时间须晚于开始时间', 'The end time must be after the start time'),
  'template.table': zhEn('模板类型应为 mail 或 reward', 'The template table is mail or reward'),
  'template.nameRequired': zhEn('请输入模板名称', 'Please enter the template name'),
  'template.nameTaken': zhEn('模板名称已存在', 'This template name is taken'),
  'template.rewardRequired': zhEn('奖励模板至少需要一项奖励', 'A reward template needs at least one reward'),
  'claim.claimed': zhEn('领取成功', 'Claimed'),
  'claim.already': zhEn('该邮件已领取过，没有再次发放奖励', 'Already claimed; nothing was given again'),
  'claim.blacklisted': zhEn('玩家在黑名单中，不能领取奖励', 'The player is blacklisted and receives no rewards'),
  ...resourceMessages,
  ...configMessages,
  ...gamegateMessages,
  ...giftCodeMessages,
  ...storeMessages,
  ...abtestMessages,
} as const satisfies Record<string, Label>;

export type MessageKey = keyof typeof messages;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(messages, key);
}

/** Translate a key (or pass a plain text through). `{name}` placeholders are filled from `vars`. */
export function translate(key: string, locale: Locale, vars?: Record<string, string | number>): string {
  const text = isMessageKey(key) ? messages[key][locale] : key;
  return vars ? text.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m)) : text;
}

export function pickLocale(header: string | undefined | null): Locale {
  if (!header) return 'zh-CN';
  const first = header.toLowerCase();
  if (first.startsWith('en')) return 'en-US';
  return 'zh-CN';
}
