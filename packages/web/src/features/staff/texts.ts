import { addTexts } from '../shared/texts';

/**
 * The staff screens' confirmation texts (UX.md §1: who, what follows, a button naming the
 * action), added when a staff screen loads so the first load does not carry them.
 */
const zhCN = {
  staffConfirm: {
    deleteRoleTitle: '删除角色“{{name}}”？',
    deleteRoleOk: '删除角色“{{name}}”',
    role: '角色',
    holders: '持有该角色的员工',
    holdersNone: '无',
    holdersSome: '{{count}} 人持有该角色：删除前请先为他们换成其他角色',
    permissions: '权限',
    permissionsCount: '{{count}} 项权限',
    roleGone: '角色及其权限配置被删除，不能恢复',
    disableTitle: '停用 {{count}} 个员工账号？',
    disableOk: '停用 {{count}} 个账号',
    disableOne: '停用“{{name}}”',
    accounts: '账号',
    disableEffect: '立即退出登录，之后无法登录，直到重新启用',
    approveTitle: '通过“{{name}}”的注册，授予角色“{{role}}”？',
    approveOk: '以“{{role}}”通过',
    account: '申请人',
    email: '邮箱',
    grantedRole: '授予角色',
    approveEffect: '可立即以该角色的权限登录控制台',
    staffCount: '{{count}} 人',
    resetTwoFactorTitle: '重置“{{name}}”的两步验证？',
    resetTwoFactorOk: '重置“{{name}}”的两步验证',
    resetTwoFactorEffect: '其身份验证器和恢复码立即失效；若其角色要求两步验证，下次登录时需重新设置，否则仅凭密码登录',
    requireTwoFactorTitle: '要求角色“{{name}}”两步验证？',
    requireTwoFactorOk: '要求“{{name}}”两步验证',
    requireTwoFactorEffect: '这些员工下次用密码登录时必须输入验证码；尚未设置的须先扫码设置',
    stopTwoFactorTitle: '不再要求角色“{{name}}”两步验证？',
    stopTwoFactorOk: '不再要求“{{name}}”两步验证',
    stopTwoFactorEffect: '未开启两步验证的员工可仅凭密码登录；已开启的仍需验证码',
  },
};

const enUS: typeof zhCN = {
  staffConfirm: {
    deleteRoleTitle: 'Delete the role “{{name}}”?',
    deleteRoleOk: 'Delete role “{{name}}”',
    role: 'Role',
    holders: 'Staff holding it',
    holdersNone: 'None',
    holdersSome: '{{count}} staff hold this role: give them another role before deleting it',
    permissions: 'Permissions',
    permissionsCount: '{{count}} permissions',
    roleGone: 'The role and its permission grants are deleted for good',
    disableTitle: 'Disable {{count}} staff accounts?',
    disableOk: 'Disable {{count}} accounts',
    disableOne: 'Disable “{{name}}”',
    accounts: 'Accounts',
    disableEffect: 'Signed out at once; cannot sign in until enabled again',
    approveTitle: 'Approve “{{name}}” with the role “{{role}}”?',
    approveOk: 'Approve as “{{role}}”',
    account: 'Applicant',
    email: 'Email',
    grantedRole: 'Role granted',
    approveEffect: 'Can sign in to the console at once with this role’s permissions',
    staffCount: '{{count}} staff',
    resetTwoFactorTitle: 'Reset the two-step sign-in of “{{name}}”?',
    resetTwoFactorOk: 'Reset two-step sign-in of “{{name}}”',
    resetTwoFactorEffect:
      'Their authenticator and recovery codes stop working at once; if their role requires two-step sign-in they set it up again at their next sign-in, otherwise they sign in with the password alone',
    requireTwoFactorTitle: 'Require two-step sign-in for the role “{{name}}”?',
    requireTwoFactorOk: 'Require it for “{{name}}”',
    requireTwoFactorEffect:
      'At their next password sign-in these staff must enter a code; those without an authenticator set one up first',
    stopTwoFactorTitle: 'Stop requiring two-step sign-in for the role “{{name}}”?',
    stopTwoFactorOk: 'Stop requiring it for “{{name}}”',
    stopTwoFactorEffect:
      'Staff without an authenticator sign in with the password alone; those with one still enter a code',
  },
};

addTexts(zhCN, enUS);
