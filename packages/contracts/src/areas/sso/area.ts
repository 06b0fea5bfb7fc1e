import { defineArea, type PermissionGroup } from '../../area.js';
import type { AreaAudit } from '../../audit-kit.js';
import { zhEn } from '../../bilingual.js';
import { ssoEndpoints } from './endpoints.js';
import { ssoMessages } from './messages.js';
import { ssoRoutes } from './routes.js';
import { ssoJobs, ssoSignInAudit, ssoSignInEndpoints, ssoSignInMessages } from './sign-in.js';
import { twoFactorAudit, twoFactorEndpoints, twoFactorMessages } from './two-factor.js';

const messages = { ...ssoSignInMessages, ...twoFactorMessages, ...ssoMessages };

const permissions = {
  sso: {
    label: zhEn('单点登录', 'Single sign-on'),
    permissions: {
      ssoCompanyQuery: zhEn('查询公司', 'Query companies'),
      ssoCompanyCreate: zhEn('创建公司', 'Create companies'),
      ssoCompanyEdit: zhEn('编辑公司', 'Edit companies'),
      ssoRoleQuery: zhEn('查询角色', 'Query SSO roles'),
      ssoRoleCreate: zhEn('创建角色', 'Create SSO roles'),
      ssoRoleEdit: zhEn('编辑角色', 'Edit SSO roles'),
      ssoUserQuery: zhEn('查询用户', 'Query SSO users'),
      ssoUserEdit: zhEn('编辑用户', 'Edit SSO users'),
      ssoPageQuery: zhEn('页面注册', 'Page registry'),
    },
  },
} as const satisfies Record<string, PermissionGroup>;

/** The centre's audit vocabulary: the objects its entries name and what each action reads as. */
const centreAudit = {
  objects: {
    ssoCompany: {
      label: zhEn('公司 #{id}', 'company #{id}'),
      page: { route: 'ssoCompany', query: (id) => ({ id }) },
    },
    ssoRole: {
      label: zhEn('单点登录角色 #{id}', 'SSO role #{id}'),
      page: { route: 'ssoRole', query: (id) => ({ id }) },
    },
    ssoUser: {
      label: zhEn('单点登录用户 {id}', 'SSO user {id}'),
      page: { route: 'ssoUsers', query: (id) => ({ email: id }) },
    },
  },
  actions: {
    createSsoCompany: {
      label: zhEn('创建公司', 'Create company'),
      sentence: zhEn('创建了{ssoCompany}', 'created {ssoCompany}'),
      target: 'ssoCompany',
    },
    updateSsoCompany: {
      label: zhEn('修改公司', 'Edit company'),
      sentence: zhEn('修改了{ssoCompany}', 'edited {ssoCompany}'),
      target: 'ssoCompany',
    },
    createSsoRole: {
      label: zhEn('创建单点登录角色', 'Create SSO role'),
      sentence: zhEn('创建了{ssoRole}', 'created {ssoRole}'),
      target: 'ssoRole',
    },
    updateSsoRole: {
      label: zhEn('修改单点登录角色', 'Edit SSO role'),
      sentence: zhEn('修改了{ssoRole}', 'edited {ssoRole}'),
      target: 'ssoRole',
    },
    deleteSsoRole: {
      label: zhEn('删除单点登录角色', 'Delete SSO role'),
      sentence: zhEn('删除了{ssoRole}', 'deleted {ssoRole}'),
      target: 'ssoRole',
    },
    createSsoUser: {
      label: zhEn('创建单点登录用户', 'Create SSO user'),
      sentence: zhEn('创建了{ssoUser}', 'created {ssoUser}'),
      target: 'ssoUser',
    },
    updateSsoUser: {
      label: zhEn('修改单点登录用户', 'Edit SSO user'),
      sentence: zhEn('修改了{ssoUser}', 'edited {ssoUser}'),
      target: 'ssoUser',
    },
  },
} satisfies AreaAudit;

/** Single sign-on centre: companies, SSO roles, SSO users, the page registry, "view as role". */
export const ssoArea = defineArea({
  name: 'sso',
  permissions,
  routes: ssoRoutes,
  // Sign-in through the OpenID provider (issue 46 item 1), two-factor sign-in (item 4) and the
  // centre's companies, roles, users and pages (item 3).
  endpoints: { ...ssoSignInEndpoints, ...twoFactorEndpoints, ...ssoEndpoints },
  messages,
  jobs: ssoJobs,
  audit: {
    objects: { ...centreAudit.objects, ...ssoSignInAudit.objects, ...twoFactorAudit.objects },
    actions: { ...centreAudit.actions, ...ssoSignInAudit.actions, ...twoFactorAudit.actions },
  },
});

declare module '../../area.js' {
  interface AreaPermissionGroups {
    sso: typeof permissions;
  }
  interface AreaRouteTables {
    sso: typeof ssoRoutes;
  }
  interface AreaMessages {
    sso: typeof messages;
  }
  interface AreaJobs {
    sso: typeof ssoJobs;
  }
}

export * from './endpoints.js';
export * from './messages.js';
export * from './pages.js';
export * from './preview.js';
// What the area offers the server and the console beside its declaration.
export * from './sign-in.js';
export * from './two-factor.js';
