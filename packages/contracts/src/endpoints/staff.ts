import { z } from 'zod';
import { opsRoles } from '../access.js';
import { endpoint, endpointTable } from '../endpoint.js';
import { idParams, isoDateTime, legacyPagedList, legacyPageQuery, pagedList, pageQuery, rowId } from '../http.js';
import { isPermission } from '../permissions.js';

/** A required text field: missing and empty both say `key`. */
export const requiredText = (key: string, max = 200) => z.string({ error: key }).trim().min(1, { error: key }).max(max);

const trimmedOptional = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => (v === '' ? undefined : v));

export const passwordSchema = z.string({ error: 'v.passwordRequired' }).min(8, { error: 'v.passwordLength' }).max(128);
export const emailSchema = z
  .string({ error: 'v.mailRequired' })
  .trim()
  .min(1, { error: 'v.mailRequired' })
  .pipe(z.email({ error: 'v.emailFormat' }));
export const mobileSchema = z
  .string({ error: 'v.mobileRequired' })
  .trim()
  .min(1, { error: 'v.mobileRequired' })
  .regex(/^1\d{10}$/, { error: 'v.mobileFormat' });
export const usernameSchema = z
  .string({ error: 'v.usernameRequired' })
  .trim()
  .min(1, { error: 'v.usernameRequired' })
  .regex(/^[\w.@-]{3,64}$/, { error: 'v.usernameFormat' });
const permissionName = z.string().refine(isPermission, { error: 'v.unknownPermission' });
const roleContent = z
  .array(permissionName)
  .max(500)
  .transform((a) => [...new Set(a)]);

export const permissionNodeSchema = z.object({
  name: z.string(),
  title: z.string(),
  children: z.array(z.object({ name: z.string(), title: z.string(), children: z.array(z.unknown()) })),
});

export const roleSchema = z.object({
  id: z.number().int(),
  roleName: z.string(),
  content: z.array(z.string()),
  builtIn: z.boolean(),
  userCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Role = z.infer<typeof roleSchema>;

export const staffStatuses = ['active', 'disabled', 'pending', 'rejected'] as const;
export const staffUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.string().nullable(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  name: z.string().nullable(),
  status: z.enum(staffStatuses),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

const roleBody = z.object({ roleName: requiredText('v.roleNameRequired', 64), content: roleContent });

const staffUserBody = z.object({
  username: usernameSchema,
  pwd: passwordSchema,
  role: requiredText('v.roleRequired', 64),
  email: emailSchema,
  phoneNumber: z.union([mobileSchema, z.literal('')]).optional(),
  name: z.string().trim().max(100).optional(),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const timeRangeQuery = z
  .object({ start: isoDateTime.optional(), end: isoDateTime.optional() })
  .superRefine((q, ctx) => {
    if (!q.start) ctx.addIssue({ code: 'custom', path: ['start'], message: 'v.timeRangeRequired' });
    if (!q.end) ctx.addIssue({ code: 'custom', path: ['end'], message: 'v.timeRangeRequired' });
    if (q.start && q.end && Date.parse(q.end) < Date.parse(q.start))
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'v.timeRangeOrder' });
  });

const sessionUserSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  avatar: z.string(),
  access: z.array(z.string()),
  role: z.string().nullable(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  status: z.enum(staffStatuses),
  /** Deployment switches the console needs (the SSO centre's menu entry). */
  features: z.object({ sso: z.boolean() }),
});

const registrationSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  status: z.enum(staffStatuses),
  role: z.string().nullable(),
  createdAt: z.string(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
});

const ok = z.object({ ok: z.literal(true) });

export const staffEndpoints = /*#__PURE__*/ endpointTable({
  getPermissionTree: endpoint({
    method: 'GET',
    path: '/api/v1/permession',
    summary: 'Permission tree (areas and their permissions)',
    permission: true,
    response: z.array(permissionNodeSchema),
  }),
  listRoles: endpoint({
    method: 'GET',
    path: '/api/v1/role',
    summary: 'List roles',
    permission: ['admin'],
    query: legacyPageQuery.extend({ roleName: trimmedOptional }),
    response: legacyPagedList(roleSchema),
  }),
  getRole: endpoint({
    method: 'GET',
    path: '/api/v1/role/:id',
    summary: 'One role',
    permission: ['admin'],
    params: idParams,
    response: roleSchema,
  }),
  createRole: endpoint({
    method: 'POST',
    path: '/api/v1/role',
    summary: 'Create a role',
    permission: ['admin'],
    body: roleBody,
    response: roleSchema,
    invalidates: ['listRoles'],
  }),
  updateRole: endpoint({
    method: 'PUT',
    path: '/api/v1/role/:id',
    summary: 'Rename a role or change its permissions',
    permission: ['admin'],
    params: idParams,
    body: roleBody,
    response: roleSchema,
    invalidates: ['listRoles', 'getRole'],
  }),
  deleteRole: endpoint({
    method: 'DELETE',
    path: '/api/v1/role/:id',
    summary: 'Delete a role that is not built in and not in use',
    permission: ['admin'],
    params: idParams,
    response: ok,
    invalidates: ['listRoles'],
  }),
  copyRole: endpoint({
    method: 'PUT',
    path: '/api/v1/role/copy',
    summary: 'Copy a role under a new name',
    permission: ['admin'],
    body: z.object({ roleName: requiredText('v.roleNameRequired', 64), id: rowId }),
    response: roleSchema,
    invalidates: ['listRoles'],
  }),
  createStaffUser: endpoint({
    method: 'POST',
    path: '/api/v1/user',
    summary: 'Create a staff user',
    permission: ['admin'],
    body: staffUserBody,
    response: staffUserSchema,
    invalidates: ['listStaffUsers', 'listRoles', 'getDashboard'],
  }),
  listStaffUsers: endpoint({
    method: 'GET',
    path: '/api/v1/user',
    summary: 'List staff users, searched by email',
    permission: ['admin'],
    query: legacyPageQuery.extend({ email: trimmedOptional, status: z.enum(staffStatuses).optional() }),
    response: z.object({
      users: z.array(staffUserSchema),
      count: z.number().int(),
      pageNum: z.number().int(),
      pageSize: z.number().int(),
    }),
  }),
  getStaffUser: endpoint({
    method: 'GET',
    path: '/api/v1/user/:id',
    summary: 'One staff user',
    permission: ['admin'],
    params: idParams,
    response: staffUserSchema,
  }),
  updateStaffUser: endpoint({
    method: 'PUT',
    path: '/api/v1/user/:id',
    summary: 'Edit a staff user; a body with only `pwd` resets the password',
    permission: ['admin'],
    params: idParams,
    body: staffUserBody
      .partial()
      .extend({ status: z.enum(['active', 'disabled']).optional() })
      .refine((b) => Object.values(b).some((v) => v !== undefined), { error: 'v.required' }),
    response: staffUserSchema,
    invalidates: ['listStaffUsers', 'getStaffUser', 'listRoles', 'getDashboard'],
  }),
  login: endpoint({
    method: 'POST',
    path: '/api/v1/login',
    summary: 'Sign in with user name and password',
    permission: 'public',
    body: z.object({
      username: z.string({ error: 'v.usernameRequired' }).trim().min(1, { error: 'v.usernameRequired' }).max(128),
      password: z.string({ error: 'v.passwordRequired' }).min(1, { error: 'v.passwordRequired' }).max(128),
    }),
    response: z.object({
      token: z.string(),
      user: z.object({ userId: z.number().int(), access: z.array(z.string()) }),
      error: z.string().nullable(),
    }),
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/v1/logout',
    summary: 'End this session',
    permission: 'pending',
    response: ok,
  }),
  getSession: endpoint({
    method: 'GET',
    path: '/api/v1/session',
    summary: 'The signed-in staff user',
    permission: 'pending',
    response: sessionUserSchema,
  }),
  changePassword: endpoint({
    method: 'PUT',
    path: '/api/v1/password',
    summary: 'Change my password (ends my other sessions)',
    permission: true,
    body: z.object({
      oldPassword: z.string({ error: 'v.passwordRequired' }).min(1, { error: 'v.passwordRequired' }).max(128),
      newPassword: passwordSchema,
    }),
    response: ok,
  }),
  requestCaptcha: endpoint({
    method: 'POST',
    path: '/api/v1/captcha',
    summary: 'Send a 6-digit registration code to a mail address',
    permission: 'public',
    body: z.object({ mail: emailSchema }),
    response: z.object({ sent: z.literal(true), retryAfter: z.number().int() }),
  }),
  register: endpoint({
    method: 'POST',
    path: '/api/register',
    summary: 'Register a staff account (pending until approved)',
    permission: 'public',
    body: z.object({
      mail: emailSchema,
      password: passwordSchema,
      mobile: mobileSchema,
      captcha: z
        .string({ error: 'v.captchaRequired' })
        .trim()
        .min(1, { error: 'v.captchaRequired' })
        .regex(/^\d{6}$/, { error: 'v.captchaFormat' }),
    }),
    response: z.object({
      uuid: z.string(),
      token: z.string(),
      info: z.object({ status: z.enum(staffStatuses), mail: z.string() }),
    }),
  }),
  getRegistrationStatus: endpoint({
    method: 'GET',
    path: '/api/v1/register/status',
    summary: 'State of my registration',
    permission: 'pending',
    response: registrationSchema,
  }),
  listRegistrations: endpoint({
    method: 'GET',
    path: '/api/v1/registrations',
    summary: 'Registrations awaiting or past approval',
    permission: [...opsRoles],
    query: pageQuery.extend({ status: z.enum(['pending', 'active', 'rejected']).optional() }),
    response: pagedList(registrationSchema).extend({ roles: z.array(z.string()) }),
  }),
  approveRegistration: endpoint({
    method: 'POST',
    path: '/api/v1/registrations/:id/approve',
    summary: 'Approve a registration with a role',
    permission: [...opsRoles],
    params: idParams,
    body: z.object({ role: requiredText('v.roleRequired', 64) }),
    response: registrationSchema,
    invalidates: ['listRegistrations', 'listStaffUsers', 'listRoles', 'getDashboard'],
  }),
  rejectRegistration: endpoint({
    method: 'POST',
    path: '/api/v1/registrations/:id/reject',
    summary: 'Reject a registration',
    permission: [...opsRoles],
    params: idParams,
    body: z.object({ reason: z.string().trim().max(500).optional() }),
    response: registrationSchema,
    invalidates: ['listRegistrations', 'getDashboard'],
  }),
  listSystemLog: endpoint({
    method: 'GET',
    path: '/api/v1/system/log',
    summary: 'The audit log: every mutation, who, what, before and after',
    permission: ['sysLogQuery'],
    query: pageQuery
      .extend({ actor: trimmedOptional, action: trimmedOptional, target: trimmedOptional })
      .and(timeRangeQuery),
    response: pagedList(auditEntrySchema),
  }),
  getDashboard: endpoint({
    method: 'GET',
    path: '/api/v1/dashboard',
    summary: 'Counts and recent activity for the console home',
    permission: true,
    response: z.object({
      counts: z.record(z.string(), z.number().int()),
      recentAudit: z.array(auditEntrySchema).nullable(),
    }),
  }),
  listMailOutbox: endpoint({
    method: 'GET',
    path: '/api/v1/devtool/mail-outbox',
    summary: 'Mail the server sent (captcha, comeback) when no SMTP is configured',
    permission: ['developer', 'tester'],
    query: pageQuery.extend({ to: trimmedOptional }),
    response: pagedList(
      z.object({ id: z.number().int(), to: z.string(), subject: z.string(), body: z.string(), createdAt: z.string() }),
    ),
  }),
});
