import type { ComponentType } from 'react';

type ScreenModule = { default: ComponentType };

/**
 * Route name → its screen, loaded on first visit. Every built route of the contracts route table
 * that renders a page has exactly one entry (screens.test.ts holds both directions).
 */
export const screens: Record<string, () => Promise<ScreenModule>> = {
  login: () => import('../features/auth/LoginPage'),
  register: () => import('../features/auth/RegisterPage'),
  registerResult: () => import('../features/auth/RegisterResultPage'),
  passwordModify: () => import('../features/auth/PasswordModifyPage'),
  console: () => import('../features/dashboard/ConsolePage'),
  systemUserList: () => import('../features/staff/users/StaffUserListPage'),
  systemUserEdit: () => import('../features/staff/users/StaffUserEditPage'),
  systemRoleManage: () => import('../features/staff/roles/RoleListPage'),
  systemRoleEdit: () => import('../features/staff/roles/RoleEditPage'),
  systemAllow: () => import('../features/staff/registrations/RegistrationApprovalPage'),
  systemLog: () => import('../features/staff/system-log/SystemLogPage'),
  emailList: () => import('../features/mail/PersonalMailListPage'),
  emailGlobal: () => import('../features/mail/GlobalMailListPage'),
  emailComeback: () => import('../features/mail/ComebackMailListPage'),
  emailEdit: () => import('../features/mail/MailEditPage'),
  emailTemplateList: () => import('../features/mail/MailTemplateListPage'),
  emailTemplateEdit: () => import('../features/mail/MailTemplateEditPage'),
  emailRewardTemplateList: () => import('../features/mail/RewardTemplateListPage'),
  emailRewardTemplateEdit: () => import('../features/mail/RewardTemplateEditPage'),
  templateList: () => import('../features/mail/MailTemplateListPage'),
  templateEdit: () => import('../features/mail/MailTemplateEditPage'),
  refresh: () => import('../shell/helpers/RefreshPage'),
  redirect: () => import('../shell/helpers/RedirectPage'),
  forbidden: () => import('../shell/errors/ForbiddenPage'),
  serverError: () => import('../shell/errors/ServerErrorPage'),
  notFound: () => import('../shell/errors/NotFoundPage'),
};
