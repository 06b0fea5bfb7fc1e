import { zhEn } from './bilingual.js';
import { resourceMessages } from './resources/messages.js';

/**
 * The platform's messages: HTTP errors, validation and the kit's; each area adds its own
 * (`defineArea({ messages })`), and `messages` is the fold of both (`areas.ts`).
 */
export const platformMessages = {
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
  ...resourceMessages,
} as const;
