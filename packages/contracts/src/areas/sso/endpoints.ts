import { z } from 'zod';
import { endpoint, endpointTable } from '../../endpoint.js';
import { idParams, isoDate, optionalIsoDate, optionalRowId, rowId } from '../../fields.js';
import { pagedList, pageQuery } from '../../http.js';
import { name, optionalText } from '../../text.js';
import { emailSchema } from '../staff/endpoints.js';
import { ssoPageNamed } from './pages.js';

/**
 * The SSO centre: companies (studios or tenants), SSO roles (named sets of console pages, per
 * company), SSO users (people who sign in through the provider; each is a staff account), the page
 * registry, and the "view as" preview of a role's access.
 */

/** An email domain as the operator writes it: `example.com`, lower-cased. */
const emailDomain = z
  .string({ error: 'sso.domainFormat' })
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, { error: 'sso.domainFormat' });

export const ssoCompanyBodySchema = z.object({
  name: name({ required: 'sso.companyNameRequired', max: 100 }),
  emailDomains: z
    .array(emailDomain)
    .max(50, { error: 'sso.tooManyDomains' })
    .default([])
    .transform((a) => [...new Set(a)]),
  enabled: z.boolean().default(true),
});
export type SsoCompanyBody = z.input<typeof ssoCompanyBodySchema>;

export const ssoCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  emailDomains: z.array(z.string()),
  enabled: z.boolean(),
  roleCount: z.number().int(),
  userCount: z.number().int(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type SsoCompany = z.input<typeof ssoCompanySchema>;

const pageName = z
  .string()
  .refine((p) => ssoPageNamed(p) !== undefined, { error: 'sso.unknownPage', abort: true })
  .refine((p) => ssoPageNamed(p)?.grantable === true, { error: 'sso.pageNeedsRole' });

export const ssoRoleBodySchema = z.object({
  companyId: rowId,
  name: name({ required: 'sso.roleNameRequired', max: 64 }),
  pages: z
    .array(pageName)
    .min(1, { error: 'sso.pagesRequired' })
    .max(500)
    .transform((a) => [...new Set(a)]),
});
export type SsoRoleBody = z.input<typeof ssoRoleBodySchema>;

export const ssoRoleSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  name: z.string(),
  pages: z.array(z.string()),
  userCount: z.number().int(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type SsoRole = z.input<typeof ssoRoleSchema>;

const roleIds = z
  .array(rowId)
  .max(100)
  .default([])
  .transform((a) => [...new Set(a)]);
/** The console role: a staff role's name, or none (the SSO roles' pages only). */
const consoleRole = z.preprocess((v) => (v === '' || v === undefined ? null : v), name({ max: 64 }).nullable());

export const ssoUserCreateSchema = z.object({
  email: emailSchema,
  name: optionalText(100),
  companyId: rowId,
  roleIds,
  consoleRole,
  enabled: z.boolean().default(true),
});
export type SsoUserCreateBody = z.input<typeof ssoUserCreateSchema>;

export const ssoUserUpdateSchema = ssoUserCreateSchema.omit({ email: true });
export type SsoUserUpdateBody = z.input<typeof ssoUserUpdateSchema>;

export const ssoUserSchema = z.object({
  id: z.number().int(),
  staffUserId: z.number().int(),
  username: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  companyId: z.number().int(),
  companyName: z.string(),
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  consoleRole: z.string().nullable(),
  enabled: z.boolean(),
  createdAt: isoDate,
  lastLoginAt: optionalIsoDate,
});
export type SsoUser = z.input<typeof ssoUserSchema>;

export const ssoPageSchema = z.object({
  name: z.string(),
  path: z.string(),
  title: z.object({ 'zh-CN': z.string(), 'en-US': z.string() }),
  rule: z.union([z.literal(true), z.array(z.string())]),
  grants: z.array(z.string()),
  grantable: z.boolean(),
  built: z.boolean(),
});

/** What a previewed role may do: its access list, as a session of it would hold. */
export const accessPreviewSchema = z.object({ name: z.string(), access: z.array(z.string()) });

export const ssoEndpoints = /*#__PURE__*/ endpointTable({
  listSsoCompanies: endpoint({
    method: 'GET',
    path: '/api/v1/sso/companies',
    summary: 'List SSO companies',
    permission: ['ssoCompanyQuery', 'ssoRoleQuery', 'ssoUserQuery'],
    query: pageQuery.extend({ name: optionalText(100) }),
    response: pagedList(ssoCompanySchema),
  }),
  getSsoCompany: endpoint({
    method: 'GET',
    path: '/api/v1/sso/companies/:id',
    summary: 'One SSO company',
    permission: ['ssoCompanyQuery'],
    params: idParams,
    response: ssoCompanySchema,
  }),
  createSsoCompany: endpoint({
    method: 'POST',
    path: '/api/v1/sso/companies',
    summary: 'Create an SSO company',
    permission: ['ssoCompanyCreate'],
    body: ssoCompanyBodySchema,
    response: ssoCompanySchema,
    auditTarget: 'ssoCompany',
    invalidates: ['listSsoCompanies'],
  }),
  updateSsoCompany: endpoint({
    method: 'PUT',
    path: '/api/v1/sso/companies/:id',
    summary: 'Change an SSO company (name, email domains, enabled)',
    permission: ['ssoCompanyEdit'],
    params: idParams,
    body: ssoCompanyBodySchema,
    response: ssoCompanySchema,
    auditTarget: 'ssoCompany',
    invalidates: ['listSsoCompanies', 'getSsoCompany', 'listSsoRoles', 'listSsoUsers', 'getSsoUser'],
  }),
  listSsoRoles: endpoint({
    method: 'GET',
    path: '/api/v1/sso/roles',
    summary: 'List SSO roles',
    permission: ['ssoRoleQuery', 'ssoUserQuery'],
    query: pageQuery.extend({ companyId: optionalRowId, name: optionalText(64) }),
    response: pagedList(ssoRoleSchema),
  }),
  getSsoRole: endpoint({
    method: 'GET',
    path: '/api/v1/sso/roles/:id',
    summary: 'One SSO role',
    permission: ['ssoRoleQuery'],
    params: idParams,
    response: ssoRoleSchema,
  }),
  createSsoRole: endpoint({
    method: 'POST',
    path: '/api/v1/sso/roles',
    summary: 'Create an SSO role (a named set of console pages of one company)',
    permission: ['ssoRoleCreate'],
    body: ssoRoleBodySchema,
    response: ssoRoleSchema,
    auditTarget: 'ssoRole',
    invalidates: ['listSsoRoles', 'listSsoCompanies'],
  }),
  updateSsoRole: endpoint({
    method: 'PUT',
    path: '/api/v1/sso/roles/:id',
    summary: 'Change an SSO role',
    permission: ['ssoRoleEdit'],
    params: idParams,
    body: ssoRoleBodySchema,
    response: ssoRoleSchema,
    auditTarget: 'ssoRole',
    invalidates: ['listSsoRoles', 'getSsoRole', 'listSsoUsers', 'getSsoUser', 'previewSsoRoleAccess'],
  }),
  deleteSsoRole: endpoint({
    method: 'DELETE',
    path: '/api/v1/sso/roles/:id',
    summary: 'Delete an SSO role no user holds',
    permission: ['ssoRoleEdit'],
    params: idParams,
    response: z.object({ ok: z.literal(true) }),
    auditTarget: 'ssoRole',
    invalidates: ['listSsoRoles', 'listSsoCompanies'],
  }),
  listSsoUsers: endpoint({
    method: 'GET',
    path: '/api/v1/sso/users',
    summary: 'List SSO users',
    permission: ['ssoUserQuery'],
    query: pageQuery.extend({ companyId: optionalRowId, email: optionalText(200) }),
    response: pagedList(ssoUserSchema),
  }),
  getSsoUser: endpoint({
    method: 'GET',
    path: '/api/v1/sso/users/:id',
    summary: 'One SSO user',
    permission: ['ssoUserQuery'],
    params: idParams,
    response: ssoUserSchema,
  }),
  createSsoUser: endpoint({
    method: 'POST',
    path: '/api/v1/sso/users',
    summary: 'Create an SSO user and the staff account their first sign-in is matched to (by email)',
    permission: ['ssoUserEdit'],
    body: ssoUserCreateSchema,
    response: ssoUserSchema,
    auditTarget: 'ssoUser',
    invalidates: ['listSsoUsers', 'listSsoCompanies', 'listSsoRoles', 'listStaffUsers', 'getDashboardStaff'],
  }),
  updateSsoUser: endpoint({
    method: 'PUT',
    path: '/api/v1/sso/users/:id',
    summary: 'Change an SSO user (company, SSO roles, console role, enabled)',
    permission: ['ssoUserEdit'],
    params: idParams,
    body: ssoUserUpdateSchema,
    response: ssoUserSchema,
    auditTarget: 'ssoUser',
    invalidates: ['listSsoUsers', 'getSsoUser', 'listSsoCompanies', 'listSsoRoles', 'listStaffUsers'],
  }),
  listSsoPages: endpoint({
    method: 'GET',
    path: '/api/v1/sso/pages',
    summary: 'The page registry (derived from the route table) with each page’s access rule',
    permission: ['ssoPageQuery', 'ssoRoleCreate', 'ssoRoleEdit'],
    response: z.array(ssoPageSchema),
  }),
  previewRoleAccess: endpoint({
    method: 'GET',
    path: '/api/v1/sso/preview/role/:id',
    summary: 'View as role: the access a console role gives',
    permission: ['sysRoleManage'],
    params: idParams,
    response: accessPreviewSchema,
  }),
  previewSsoRoleAccess: endpoint({
    method: 'GET',
    path: '/api/v1/sso/preview/sso-role/:id',
    summary: 'View as role: the access an SSO role gives (its pages’ permissions)',
    permission: ['ssoRoleQuery'],
    params: idParams,
    response: accessPreviewSchema,
  }),
});
