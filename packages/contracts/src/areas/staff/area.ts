import { type DefaultGrants, defineArea, type PermissionGroup } from '../../area.js';
import type { AreaAudit } from '../../audit-kit.js';
import { type Label, zhEn } from '../../bilingual.js';
import { staffEndpoints } from './endpoints.js';
import { passwordRoutes, systemRoutes } from './routes.js';
import { signInRoutes } from './sign-in-routes.js';

/** The sign-in and registration pages (the staff area's endpoints serve them). */
export const signInArea = defineArea({
  name: 'signIn',
  routes: signInRoutes,
});

declare module '../../area.js' {
  interface AreaRouteTables {
    signIn: typeof signInRoutes;
  }
}

const permissions = {
  system: {
    label: zhEn('系统', 'System'),
    permissions: {
      sysLogQuery: zhEn('系统日志', 'System log'),
      sysIncidentEdit: zhEn(
        '解决、忽略或重新打开控制台与服务器错误事件',
        'Resolve, ignore or reopen console and server incidents',
      ),
      sysUserManage: zhEn('管理员工账号', 'Manage staff users'),
      sysRoleManage: zhEn('管理角色', 'Manage roles'),
      sysRegistrationReview: zhEn('审批注册', 'Review registrations'),
      sysMailOutboxQuery: zhEn('发信记录', 'Sent mail (outbox)'),
      jobQuery: zhEn('查询后台任务', 'Query jobs'),
      jobEdit: zhEn('重试或取消后台任务', 'Retry or cancel jobs'),
      redisQuery: zhEn('查看 Redis 键与状态', 'Browse Redis keys and figures'),
      redisDelete: zhEn('删除 Redis 键', 'Delete Redis keys'),
    },
  },
} as const satisfies Record<string, PermissionGroup>;

const routes = [...systemRoutes, ...passwordRoutes] as const;

/** The area's messages (keys the server sends and schemas carry). */
export const staffMessages = {
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
} as const satisfies Record<string, Label>;

const staffJobs = {
  'staff.prune': zhEn('清理过期会话与验证码', 'Prune expired sessions and captchas'),
} as const satisfies Record<string, Label>;

/**
 * What the built-in roles hold of its permissions by default (the roles are seeded with them;
 * `maxRole` and `admin` pass every check).
 */
const grants = {
  operation: ['sysRegistrationReview'],
  developer: ['sysRegistrationReview', 'sysMailOutboxQuery', 'jobQuery', 'jobEdit'],
  tester: ['sysRegistrationReview', 'sysMailOutboxQuery', 'jobQuery'],
} satisfies DefaultGrants<typeof permissions>;

/** Its audit vocabulary: the objects its entries name and what each action reads as. */
const audit = {
  objects: {
    role: { label: zhEn('角色 {id}', 'role {id}'), page: { route: 'systemRoleManage', query: () => ({}) } },
    staffUser: {
      label: zhEn('员工 {id}', 'staff user {id}'),
      page: { route: 'systemUserList', query: () => ({}) },
      prefix: 'staff',
    },
    registration: {
      label: zhEn('{id} 的注册', 'the registration of {id}'),
      page: { route: 'systemAllow', query: () => ({}) },
    },
    mailAddress: { label: zhEn('{id}', '{id}'), prefix: 'email' },
  },
  actions: {
    createRole: {
      label: zhEn('创建角色', 'Create role'),
      sentence: zhEn('创建了{role}', 'created {role}'),
      target: 'role',
    },
    updateRole: {
      label: zhEn('修改角色', 'Edit role'),
      sentence: zhEn('修改了{role}', 'edited {role}'),
      target: 'role',
    },
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
  },
} satisfies AreaAudit;

/** Staff and the system menu: staff users, roles, registrations, sign-in, the own password; declares the system permission group (logs, jobs and Redis permissions included). */
export const staffArea = defineArea({
  name: 'staff',
  audit,
  permissions,
  grants,
  routes,
  endpoints: staffEndpoints,
  messages: staffMessages,
  jobs: staffJobs,
});

declare module '../../area.js' {
  interface AreaJobs {
    staff: typeof staffJobs;
  }
  interface AreaPermissionGroups {
    staff: typeof permissions;
  }
  interface AreaRouteTables {
    staff: typeof routes;
  }
  interface AreaMessages {
    staff: typeof staffMessages;
  }
}

// What the area offers the server and the console beside its declaration.
export * from './endpoints.js';
