import type { Label, Locale } from './permissions.js';

const l = (zh: string, en: string): Label => ({ 'zh-CN': zh, 'en-US': en });

/**
 * Messages the server sends and schemas carry as keys (`z.string().min(1, 'v.required')`).
 * Server and web translate a key through this table; an area adds its own keys here.
 */
export const messages = {
  // HTTP error catalogue (spec §8)
  'http.400': l('请求错误', 'Bad request'),
  'http.401': l('未授权，请重新登录', 'Unauthorized, please sign in again'),
  'http.403': l('拒绝访问', 'Access denied'),
  'http.404': l('请求地址出错', 'Request address error'),
  'http.408': l('请求超时', 'Request timeout'),
  'http.409': l('数据已被修改，请刷新后重试', 'The data changed meanwhile; reload and try again'),
  'http.429': l('请求过于频繁，请稍后再试', 'Too many requests, try again later'),
  'http.500': l('服务器内部错误', 'Internal server error'),
  'http.501': l('服务未实现', 'Service not implemented'),
  'http.502': l('网关错误', 'Bad gateway'),
  'http.503': l('服务不可用', 'Service unavailable'),
  'http.504': l('网关超时', 'Gateway timeout'),
  'http.505': l('HTTP版本不受支持', 'HTTP version not supported'),
  'http.noPermission': l('您没有该操作的权限', 'You have no permission for this operation'),
  'http.malformedJson': l('JSON 格式错误', 'Malformed JSON'),
  'http.validation': l('输入有误，请检查标记的字段', 'Invalid input; check the marked fields'),
  // validation
  'v.required': l('此项为必填项', 'This field is required'),
  'v.invalidDate': l('无效日期', 'Invalid date'),
  'v.invalidJson': l('无效的 JSON', 'Invalid JSON'),
  'v.mailRequired': l('请输入邮箱', 'Please enter the email'),
  'v.passwordRequired': l('请输入密码', 'Please enter the password'),
  'v.mobileRequired': l('请输入手机号', 'Please enter the phone number'),
  'v.captchaRequired': l('请输入验证码', 'Please enter the captcha'),
  'v.mobileFormat': l('手机号格式不正确', 'Phone number format incorrect'),
  'v.emailFormat': l('邮箱格式不正确', 'Email format incorrect'),
  'v.passwordLength': l('密码至少 8 位', 'The password needs at least 8 characters'),
  'v.usernameRequired': l('请输入用户名', 'Please enter the user name'),
  'v.usernameFormat': l(
    '用户名只能包含字母、数字、点、下划线、@ 和 -，长度 3–64',
    'User names use letters, digits, . _ @ - and have 3–64 characters',
  ),
  'v.roleNameRequired': l('请输入角色名', 'Please enter the role name'),
  'v.roleRequired': l('请选择角色', 'Please choose a role'),
  'v.unknownPermission': l('未知的权限', 'Unknown permission'),
  'v.captchaFormat': l('验证码为 6 位数字', 'The captcha has 6 digits'),
  'v.timeRangeRequired': l('请选择开始和结束时间', 'Choose a start and an end time'),
  'v.timeRangeOrder': l('结束时间必须晚于开始时间', 'The end must be after the start'),
  // staff and access
  'auth.loginFailed': l('登录失败', 'Login failed'),
  'auth.badCredentials': l('用户名或密码错误', 'Wrong user name or password'),
  'auth.disabled': l('账号已停用', 'This account is disabled'),
  'auth.pending': l('账号正在等待审批', 'This account is waiting for approval'),
  'auth.rejected': l('注册申请已被拒绝', 'The registration was rejected'),
  'auth.throttled': l('登录失败次数过多，请稍后再试', 'Too many failed sign-ins; try again later'),
  'auth.wrongOldPassword': l('原密码错误', 'The current password is wrong'),
  'auth.samePassword': l('新密码不能与原密码相同', 'The new password must differ from the current one'),
  'captcha.wait': l('验证码发送过于频繁，请 60 秒后再试', 'Captcha requested too often; wait 60 seconds'),
  'captcha.invalid': l('验证码错误或已过期', 'The captcha is wrong or expired'),
  'captcha.tooManyTries': l('验证码尝试次数过多，请重新获取', 'Too many captcha attempts; request a new one'),
  'register.mailTaken': l('该邮箱已注册', 'This email is already registered'),
  'staff.usernameTaken': l('用户名已存在', 'This user name is taken'),
  'staff.emailTaken': l('邮箱已被使用', 'This email is in use'),
  'staff.notFound': l('用户不存在', 'User not found'),
  'staff.lastAdmin': l('不能停用或降级最后一个管理员', 'The last admin cannot be disabled or demoted'),
  'staff.notPending': l('该注册申请已处理', 'This registration was already handled'),
  'role.nameTaken': l('角色名已存在', 'This role name is taken'),
  'role.notFound': l('角色不存在', 'Role not found'),
  'role.builtIn': l('内置角色不能删除或改名', 'A built-in role cannot be deleted or renamed'),
  'role.inUse': l('角色仍有用户使用，不能删除', 'The role still has users and cannot be deleted'),
  'role.superRole': l('只有超级管理员可以授予该角色', 'Only a super administrator can grant this role'),
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
