import { z } from 'zod';
import { endpoint, endpointTable } from '../../endpoint.js';
import { registrationStates, staffStatuses } from '../../enums.js';
import { idParams, isoDate, isoDateTime, optionalIsoDate, rowId } from '../../fields.js';
import { legacyPagedList, legacyPageQuery, pagedList, pageQuery } from '../../http.js';
import { lateFolds } from '../../late-folds.js';
import { name, optionalText, secret, text } from '../../text.js';

const trimmedOptional = optionalText(200);

/** Shortest new password (OWASP ASVS L2); the server also refuses common ones and the user's own name. */
export const MIN_PASSWORD_LENGTH = 12;
export const passwordSchema = secret().refine((p) => p.length >= MIN_PASSWORD_LENGTH, { error: 'v.passwordLength' });
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
const permissionName = z.string().refine((p) => lateFolds.permissions.has(p), { error: 'v.unknownPermission' });
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
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Role = z.input<typeof roleSchema>;

export const staffUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.string().nullable(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  name: z.string().nullable(),
  status: z.enum(staffStatuses),
  createdAt: isoDate,
  lastLoginAt: optionalIsoDate,
});
export type StaffUser = z.input<typeof staffUserSchema>;

const roleBody = z.object({ roleName: name({ required: 'v.roleNameRequired', max: 64 }), content: roleContent });

const staffUserBody = z.object({
  username: usernameSchema,
  pwd: passwordSchema,
  role: name({ required: 'v.roleRequired', max: 64 }),
  email: emailSchema,
  phoneNumber: z.union([mobileSchema, z.literal('')]).optional(),
  name: name({ max: 100 }).optional(),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  at: isoDate,
});
export type AuditEntry = z.input<typeof auditEntrySchema>;

function checkTimeRange(q: { start?: string; end?: string }, ctx: z.RefinementCtx, required: boolean) {
  if (required && !q.start) ctx.addIssue({ code: 'custom', path: ['start'], message: 'v.timeRangeRequired' });
  if (required && !q.end) ctx.addIssue({ code: 'custom', path: ['end'], message: 'v.timeRangeRequired' });
  if (q.start && q.end && Date.parse(q.end) < Date.parse(q.start))
    ctx.addIssue({ code: 'custom', path: ['end'], message: 'v.timeRangeOrder' });
}

const timeRangeShape = { start: isoDateTime.optional(), end: isoDateTime.optional() };
export const timeRangeQuery = z.object(timeRangeShape).superRefine((q, ctx) => checkTimeRange(q, ctx, true));

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
  createdAt: isoDate,
  reviewedBy: z.string().nullable(),
  reviewedAt: optionalIsoDate,
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
    permission: ['sysRoleManage'],
    query: legacyPageQuery.extend({ roleName: trimmedOptional }),
    response: legacyPagedList(roleSchema),
  }),
  getRole: endpoint({
    method: 'GET',
    path: '/api/v1/role/:id',
    summary: 'One role',
    permission: ['sysRoleManage'],
    params: idParams,
    response: roleSchema,
  }),
  createRole: endpoint({
    method: 'POST',
    path: '/api/v1/role',
    summary: 'Create a role',
    permission: ['sysRoleManage'],
    body: roleBody,
    auditTarget: 'role',
    response: roleSchema,
    invalidates: ['listRoles'],
  }),
  updateRole: endpoint({
    method: 'PUT',
    path: '/api/v1/role/:id',
    summary: 'Rename a role or change its permissions',
    permission: ['sysRoleManage'],
    params: idParams,
    body: roleBody,
    auditTarget: 'role',
    response: roleSchema,
    // `previewRoleAccess`: the SSO centre's "view as role" reads a role's access.
    invalidates: ['listRoles', 'getRole', 'previewRoleAccess'],
  }),
  deleteRole: endpoint({
    method: 'DELETE',
    path: '/api/v1/role/:id',
    summary: 'Delete a role that is not built in and not in use',
    permission: ['sysRoleManage'],
    params: idParams,
    auditTarget: 'role',
    response: ok,
    invalidates: ['listRoles'],
  }),
  copyRole: endpoint({
    method: 'PUT',
    path: '/api/v1/role/copy',
    summary: 'Copy a role under a new name',
    permission: ['sysRoleManage'],
    body: z.object({ roleName: name({ required: 'v.roleNameRequired', max: 64 }), id: rowId }),
    auditTarget: 'role',
    response: roleSchema,
    invalidates: ['listRoles'],
  }),
  createStaffUser: endpoint({
    method: 'POST',
    path: '/api/v1/user',
    summary: 'Create a staff user',
    permission: ['sysUserManage'],
    body: staffUserBody,
    auditTarget: 'staff',
    response: staffUserSchema,
    invalidates: ['listStaffUsers', 'listRoles', 'getDashboardStaff'],
  }),
  listStaffUsers: endpoint({
    method: 'GET',
    path: '/api/v1/user',
    summary: 'List staff users, searched by email',
    permission: ['sysUserManage'],
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
    permission: ['sysUserManage'],
    params: idParams,
    response: staffUserSchema,
  }),
  updateStaffUser: endpoint({
    method: 'PUT',
    path: '/api/v1/user/:id',
    summary: 'Edit a staff user; a body with only `pwd` resets the password',
    permission: ['sysUserManage'],
    params: idParams,
    body: staffUserBody
      .partial()
      .extend({ status: z.enum(['active', 'disabled']).optional() })
      .refine((b) => Object.values(b).some((v) => v !== undefined), { error: 'v.required' }),
    auditTarget: 'staff',
    response: staffUserSchema,
    invalidates: ['listStaffUsers', 'getStaffUser', 'listRoles', 'getDashboardStaff'],
  }),
  login: endpoint({
    method: 'POST',
    path: '/api/v1/login',
    summary: 'Sign in with user name and password',
    permission: 'public',
    body: z.object({
      username: text({ required: 'v.usernameRequired', max: 128 }),
      password: secret(),
      /** The second factor (issue 46): a 6-digit authenticator code or a recovery code, when asked for. */
      code: z.string().trim().max(32).optional(),
    }),
    auditTarget: 'staff',
    response: z.object({
      token: z.string(),
      user: z.object({ userId: z.number().int(), access: z.array(z.string()) }),
      error: z.string().nullable(),
      /** Set up at this sign-in (the role requires a second factor): the recovery codes, shown once. */
      recoveryCodes: z.array(z.string()).optional(),
    }),
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/v1/logout',
    summary: 'End this session',
    permission: 'pending',
    auditTarget: 'staff',
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
      oldPassword: secret(),
      newPassword: passwordSchema,
    }),
    auditTarget: 'staff',
    response: ok,
  }),
  requestCaptcha: endpoint({
    method: 'POST',
    path: '/api/v1/captcha',
    summary: 'Send a 6-digit registration code to a mail address',
    permission: 'public',
    body: z.object({ mail: emailSchema }),
    auditTarget: 'email',
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
    auditTarget: 'staff',
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
    permission: ['sysRegistrationReview'],
    query: pageQuery.extend({ status: z.enum(registrationStates).optional() }),
    response: pagedList(registrationSchema).extend({ roles: z.array(z.string()) }),
  }),
  approveRegistration: endpoint({
    method: 'POST',
    path: '/api/v1/registrations/:id/approve',
    summary: 'Approve a registration with a role',
    permission: ['sysRegistrationReview'],
    params: idParams,
    body: z.object({ role: name({ required: 'v.roleRequired', max: 64 }) }),
    auditTarget: 'staff',
    response: registrationSchema,
    invalidates: ['listRegistrations', 'listStaffUsers', 'listRoles', 'getDashboardRegistrations', 'getDashboardStaff'],
  }),
  rejectRegistration: endpoint({
    method: 'POST',
    path: '/api/v1/registrations/:id/reject',
    summary: 'Reject a registration',
    permission: ['sysRegistrationReview'],
    params: idParams,
    body: z.object({ reason: text({ max: 500 }).optional() }),
    auditTarget: 'staff',
    response: registrationSchema,
    invalidates: ['listRegistrations', 'getDashboardRegistrations'],
  }),
  listSystemLog: endpoint({
    method: 'GET',
    path: '/api/v1/system/log',
    summary: 'The audit log: every mutation, who, what, before and after',
    permission: ['sysLogQuery'],
    // A time range, unless the log is narrowed to one record or entity (then all of its history).
    query: pageQuery
      .extend({
        actor: trimmedOptional,
        action: trimmedOptional,
        /** Exact `entity:id`, e.g. `mail:7`. */
        target: trimmedOptional,
        /** Every target of one entity, e.g. `constant` (all constants). */
        entity: z.preprocess(
          (v) => (v === '' ? undefined : v),
          z
            .string()
            .regex(/^[A-Za-z]{1,50}$/)
            .optional(),
        ),
        ...timeRangeShape,
      })
      .superRefine((q, ctx) => checkTimeRange(q, ctx, !q.target && !q.entity)),
    response: pagedList(auditEntrySchema),
  }),
  listMailOutbox: endpoint({
    method: 'GET',
    path: '/api/v1/devtool/mail-outbox',
    summary: 'Mail the server sent (captcha, comeback) when no SMTP is configured',
    permission: ['sysMailOutboxQuery'],
    query: pageQuery.extend({ to: trimmedOptional }),
    response: pagedList(
      z.object({ id: z.number().int(), to: z.string(), subject: z.string(), body: z.string(), createdAt: isoDate }),
    ),
  }),
});
