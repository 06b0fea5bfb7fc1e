import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { WebArea } from '../shared/area';

/** The SSO centre: companies, SSO roles, SSO users, the page registry. Listed once in `app/areas.ts`. */
export const ssoArea = {
  name: 'sso',
  pages: {
    ssoCompanies: () => import('./CompanyListPage'),
    ssoCompany: () => import('./CompanyEditPage'),
    ssoRoles: () => import('./RoleListPage'),
    ssoRole: () => import('./RoleEditPage'),
    ssoUsers: () => import('./UserListPage'),
    ssoCreateUser: () => import('./UserEditPage'),
    ssoUser: () => import('./UserEditPage'),
    ssoPages: () => import('./PagesPage'),
  },
  icons: { SafetyCertificateOutlined },
} satisfies WebArea;
