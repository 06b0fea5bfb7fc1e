import type { SsoCompany, SsoRole, SsoUser } from '@rookery/contracts';
import { roleLabel } from '@rookery/contracts';
import type { Field } from '../../crud/fields';
import { currentLocale } from '../../i18n';
import { pageTitle } from './labels';

export const companyFields: Field<SsoCompany>[] = [
  { name: 'name', title: 'sso.name', search: 'text' },
  { name: 'emailDomains', title: 'sso.emailDomains', render: (row) => row.emailDomains.join(', ') || '-' },
  { name: 'enabled', title: 'sso.enabled', kind: 'boolean' },
  { name: 'roleCount', title: 'sso.roleCount', kind: 'number' },
  { name: 'userCount', title: 'sso.userCount', kind: 'number' },
  { name: 'updatedAt', title: 'sso.updatedAt', kind: 'time' },
];

export const roleFields: Field<SsoRole>[] = [
  { name: 'name', title: 'sso.roleName', search: 'text' },
  { name: 'companyName', title: 'sso.company' },
  {
    name: 'pages',
    title: 'sso.pages',
    render: (row, t) => t('sso.pagesCount', { count: row.pages.length }),
    detailRender: (row) => row.pages.map(pageTitle).join('、'),
  },
  { name: 'userCount', title: 'sso.userCount', kind: 'number' },
  { name: 'updatedAt', title: 'sso.updatedAt', kind: 'time' },
];

export const userFields: Field<SsoUser>[] = [
  { name: 'email', title: 'sso.email', search: 'text' },
  { name: 'name', title: 'sso.userName' },
  { name: 'companyName', title: 'sso.company' },
  { name: 'roles', title: 'sso.roles', render: (row) => row.roles.map((r) => r.name).join('、') || '-' },
  {
    name: 'consoleRole',
    title: 'sso.consoleRole',
    render: (row) => (row.consoleRole ? roleLabel(row.consoleRole, currentLocale()) : '-'),
  },
  { name: 'enabled', title: 'sso.enabled', kind: 'boolean' },
  { name: 'lastLoginAt', title: 'sso.lastLoginAt', kind: 'time' },
];
