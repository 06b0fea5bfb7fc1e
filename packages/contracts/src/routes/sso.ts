import { defineRoutes, under } from './types.js';

/** The single-sign-on centre: companies, roles, users, pages (not built yet). */
export const ssoRoutes = defineRoutes([
  {
    path: '/habbyauth',
    name: 'habbyauth',
    icon: 'SafetyCertificateOutlined',
    redirect: '/habbyauth/companies',
    auth: ['ssoCompanyQuery', 'ssoRoleQuery', 'ssoUserQuery', 'ssoPageQuery'],
    children: [
      { path: 'companies', name: 'ssoCompanies', auth: ['ssoCompanyQuery'], feature: 'sso' },
      { path: 'company', name: 'ssoCompany', ...under('ssoCompanies'), auth: ['ssoCompanyEdit', 'ssoCompanyCreate'] },
      { path: 'roles', name: 'ssoRoles', auth: ['ssoRoleQuery'] },
      { path: 'role', name: 'ssoRole', ...under('ssoRoles'), auth: ['ssoRoleEdit', 'ssoRoleCreate'] },
      { path: 'users', name: 'ssoUsers', auth: ['ssoUserQuery'] },
      { path: 'createcognitouser', name: 'ssoCreateUser', ...under('ssoUsers'), auth: ['ssoUserEdit'] },
      { path: 'user/:id', name: 'ssoUser', ...under('ssoUsers'), auth: ['ssoUserEdit'] },
      { path: 'pages', name: 'ssoPages', auth: ['ssoPageQuery'] },
    ],
  },
]);
