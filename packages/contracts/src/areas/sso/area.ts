import { defineArea, type PermissionGroup } from '../../area.js';
import { zhEn } from '../../bilingual.js';
import { ssoRoutes } from './routes.js';

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

/** Single sign-on centre (pages not built yet). */
export const ssoArea = defineArea({
  name: 'sso',
  permissions,
  routes: ssoRoutes,
});

declare module '../../area.js' {
  interface AreaPermissionGroups {
    sso: typeof permissions;
  }
  interface AreaRouteTables {
    sso: typeof ssoRoutes;
  }
}
