import { zhEn } from '../../bilingual.js';
import { defineRoutes, under } from '../../routes/types.js';

/** The single-sign-on centre: companies, roles, users, pages. */
export const ssoRoutes = defineRoutes([
  {
    path: '/habbyauth',
    name: 'habbyauth',
    title: zhEn('单点登录管理', 'Single sign-on'),
    icon: 'SafetyCertificateOutlined',
    redirect: '/habbyauth/companies',
    auth: ['ssoCompanyQuery', 'ssoRoleQuery', 'ssoUserQuery', 'ssoPageQuery'],
    children: [
      {
        path: 'companies',
        name: 'ssoCompanies',
        title: zhEn('公司', 'Companies'),
        auth: ['ssoCompanyQuery'],
        feature: 'sso',
        built: true,
      },
      {
        path: 'company',
        name: 'ssoCompany',
        title: zhEn('编辑公司', 'Edit company'),
        ...under('ssoCompanies'),
        auth: ['ssoCompanyEdit', 'ssoCompanyCreate'],
        built: true,
      },
      {
        path: 'roles',
        name: 'ssoRoles',
        title: zhEn('单点登录角色', 'SSO roles'),
        auth: ['ssoRoleQuery'],
        built: true,
      },
      {
        path: 'role',
        name: 'ssoRole',
        title: zhEn('编辑单点登录角色', 'Edit SSO role'),
        ...under('ssoRoles'),
        auth: ['ssoRoleEdit', 'ssoRoleCreate'],
        built: true,
      },
      {
        path: 'users',
        name: 'ssoUsers',
        title: zhEn('单点登录用户', 'SSO users'),
        auth: ['ssoUserQuery'],
        built: true,
      },
      {
        path: 'createcognitouser',
        name: 'ssoCreateUser',
        title: zhEn('新建单点登录用户', 'New SSO user'),
        ...under('ssoUsers'),
        auth: ['ssoUserEdit'],
        built: true,
      },
      {
        path: 'user/:id',
        name: 'ssoUser',
        title: zhEn('单点登录用户详情', 'SSO user'),
        ...under('ssoUsers'),
        auth: ['ssoUserEdit'],
        built: true,
      },
      {
        path: 'pages',
        name: 'ssoPages',
        title: zhEn('页面注册', 'Page registry'),
        auth: ['ssoPageQuery'],
        built: true,
      },
    ],
  },
]);
