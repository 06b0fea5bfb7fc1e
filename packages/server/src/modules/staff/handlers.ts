import { randomUUID } from 'node:crypto';
import { auditTarget, MAX_PAGE_SIZE, permissionTree, type staffEndpoints } from '@rookery/contracts';
import { desc, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../platform/config.js';
import { asList, paginate } from '../../platform/db/paginate.js';
import type { Handlers } from '../../platform/http/endpoints.js';
import { prepareThen } from '../../platform/http/endpoints.js';
import { AppError, conflict } from '../../platform/http/errors.js';
import { isSuper } from '../../platform/http/session.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { hashPassword, verifyPassword } from '../../platform/security/password.js';
import { assertPasswordAcceptable } from '../../platform/security/password-policy.js';
import { listAudit, listOutbox } from '../system/service.js';
import { checkCredentials, completeLogin, consumeCaptcha, createSession, sendCaptcha } from './auth.js';
import * as staff from './service.js';
import { staffSessions, staffUsers } from './tables.js';

const registrationView = (u: typeof staffUsers.$inferSelect) => ({
  id: u.id,
  username: u.username,
  email: u.email,
  phoneNumber: u.phoneNumber,
  status: u.status,
  role: u.role,
  createdAt: u.createdAt,
  reviewedBy: u.reviewedBy,
  reviewedAt: u.reviewedAt,
  rejectReason: u.rejectReason,
});

/** The staff area's console calls: roles, staff users, registration review, sign-in and sessions, the audit log. */
export const staffHandlers = ({
  config,
  mailer,
}: {
  config: Config;
  mailer: Mailer;
}): Handlers<typeof staffEndpoints> => ({
  getPermissionTree: ({ locale }) => permissionTree(locale),

  listRoles: ({ db, query }) => staff.listRoles(db, query),
  getRole: ({ db, params }) => staff.getRole(db, params.id),
  createRole: async ({ db, body, session, now, audit }) => {
    staff.assertContentGrantable(body.content, session!.access);
    const role = await staff.createRole(db, body, now);
    audit({ target: auditTarget('role', role.roleName), after: role });
    return role;
  },
  updateRole: async ({ db, params, body, session, now, audit }) => {
    staff.assertContentGrantable((await staff.getRoleRow(db, params.id)).content, session!.access);
    staff.assertContentGrantable(body.content, session!.access);
    const { before, after } = await staff.updateRole(db, params.id, body, now);
    audit({ target: auditTarget('role', after.roleName), before, after });
    return after;
  },
  deleteRole: async ({ db, params, audit }) => {
    const row = await staff.deleteRole(db, params.id);
    audit({ target: auditTarget('role', row.roleName), before: staff.toRole(row) });
    return { ok: true as const };
  },
  copyRole: async ({ db, body, session, now, audit }) => {
    staff.assertContentGrantable((await staff.getRoleRow(db, body.id)).content, session!.access);
    const role = await staff.copyRole(db, body, now);
    audit({ target: auditTarget('role', role.roleName), after: { ...role, copiedFrom: body.id } });
    return role;
  },

  createStaffUser: prepareThen(
    ({ body }) => {
      assertPasswordAcceptable(body.pwd, body, 'pwd');
      return hashPassword(body.pwd);
    },
    async ({ db, body, session, now, audit }, passwordHash) => {
      await staff.assertUserFieldsFree(db, body);
      await staff.assertRoleGrantable(db, body.role, session!.access);
      const [row] = await db
        .insert(staffUsers)
        .values({
          username: body.username,
          passwordHash,
          role: body.role,
          email: body.email,
          phoneNumber: body.phoneNumber || null,
          name: body.name || null,
          createdAt: now,
        })
        .returning();
      const user = staff.toStaffUser(row);
      audit({ target: auditTarget('staff', user.username), after: user });
      return user;
    },
  ),
  listStaffUsers: ({ db, query }) => staff.listStaffUsers(db, query),
  getStaffUser: async ({ db, params }) => staff.toStaffUser(await staff.getStaffUserRow(db, params.id)),
  updateStaffUser: prepareThen(
    async ({ db, params, body }) => {
      if (body.pwd === undefined) return undefined;
      const user = await staff.getStaffUserRow(db, params.id);
      assertPasswordAcceptable(
        body.pwd,
        { username: body.username ?? user.username, email: body.email ?? user.email },
        'pwd',
      );
      return hashPassword(body.pwd);
    },
    async ({ db, params, body, session, audit }, passwordHash) => {
      const before = await staff.getStaffUserRow(db, params.id);
      if (body.role !== undefined && body.role !== before.role)
        await staff.assertRoleGrantable(db, body.role, session!.access);
      if (before.role && ['maxRole', 'admin'].includes(before.role) && !isSuper(session!))
        throw new AppError(403, 'role.superRole');
      await staff.assertUserFieldsFree(db, { username: body.username, email: body.email }, before.id);
      await staff.assertNotLastAdmin(db, before, { role: body.role, status: body.status });
      const passwordChanged = body.pwd !== undefined;
      const [row] = await db
        .update(staffUsers)
        .set({
          username: body.username,
          role: body.role,
          email: body.email,
          phoneNumber: body.phoneNumber === undefined ? undefined : body.phoneNumber || null,
          name: body.name,
          status: body.status,
          passwordHash,
        })
        .where(eq(staffUsers.id, before.id))
        .returning();
      // A password reset, a disable or a role change ends the user's sessions.
      if (passwordChanged || body.status === 'disabled' || (body.role && body.role !== before.role))
        await staff.endSessions(db, row.id);
      const after = staff.toStaffUser(row);
      const onlyPwd = Object.keys(body).every((k) => k === 'pwd');
      audit({
        action: onlyPwd ? 'resetStaffPassword' : 'updateStaffUser',
        target: auditTarget('staff', after.username),
        before: staff.toStaffUser(before),
        after: passwordChanged ? { ...after, pwd: '***' } : after,
      });
      return after;
    },
  ),

  login: prepareThen(
    ({ db, body, ip, now }) => checkCredentials(db, body.username, body.password, ip, now),
    async ({ db, body, ip, now, setActor, audit }, checked) => {
      setActor(body.username);
      const result = await completeLogin(db, checked, body.username, ip, now);
      audit({ target: auditTarget('staff', body.username), after: { userId: result.user.userId } });
      return result;
    },
  ),
  logout: async ({ db, session, audit }) => {
    await db.delete(staffSessions).where(eq(staffSessions.tokenHash, session!.tokenHash));
    audit({ target: auditTarget('staff', session!.username) });
    return { ok: true as const };
  },
  getSession: async ({ db, session }) => {
    const row = await staff.getStaffUserRow(db, session!.userId);
    return {
      userId: row.id,
      username: row.username,
      avatar: row.avatar ?? '',
      access: session!.access,
      role: row.role,
      email: row.email,
      name: row.name,
      status: row.status as 'active',
      features: { sso: config.ssoCenter },
    };
  },
  changePassword: prepareThen(
    async ({ db, body, session }) => {
      const row = await staff.getStaffUserRow(db, session!.userId);
      return {
        oldMatches: await verifyPassword(row.passwordHash, body.oldPassword),
        newHash: await hashPassword(body.newPassword),
      };
    },
    async ({ db, body, session, audit }, { oldMatches, newHash }) => {
      const row = await staff.getStaffUserRow(db, session!.userId);
      if (!oldMatches)
        throw new AppError(400, 'auth.wrongOldPassword', {
          fields: [{ field: 'oldPassword', message: 'auth.wrongOldPassword' }],
        });
      if (body.oldPassword === body.newPassword)
        throw new AppError(400, 'auth.samePassword', {
          fields: [{ field: 'newPassword', message: 'auth.samePassword' }],
        });
      assertPasswordAcceptable(body.newPassword, row, 'newPassword');
      await db.update(staffUsers).set({ passwordHash: newHash }).where(eq(staffUsers.id, row.id));
      await staff.endSessions(db, row.id, session!.tokenHash);
      audit({ target: auditTarget('staff', row.username) });
      return { ok: true as const };
    },
  ),

  requestCaptcha: async ({ db, body, now, setActor, audit }) => {
    setActor(body.mail);
    const result = await sendCaptcha(db, mailer, body.mail, now);
    audit({ target: auditTarget('email', body.mail) });
    return result;
  },
  register: prepareThen(
    ({ body }) => {
      assertPasswordAcceptable(body.password, { username: body.mail, email: body.mail }, 'password');
      return hashPassword(body.password);
    },
    async ({ db, body, ip, now, setActor, audit }, passwordHash) => {
      setActor(body.mail);
      await consumeCaptcha(db, body.mail, body.captcha, now);
      await staff.assertUserFieldsFree(db, { username: body.mail, email: body.mail }).catch((e) => {
        throw e instanceof AppError && e.status === 409 ? conflict('register.mailTaken', 'mail') : e;
      });
      const [row] = await db
        .insert(staffUsers)
        .values({
          username: body.mail,
          email: body.mail,
          phoneNumber: body.mobile,
          passwordHash,
          role: null,
          status: 'pending',
          createdAt: now,
          source: 'register',
        })
        .returning();
      const token = await createSession(db, row.id, ip, now);
      audit({ target: auditTarget('staff', row.username), after: registrationView(row) });
      return { uuid: randomUUID(), token, info: { status: 'pending' as const, mail: row.username } };
    },
  ),
  getRegistrationStatus: async ({ db, session }) => registrationView(await staff.getStaffUserRow(db, session!.userId)),
  listRegistrations: async ({ db, query }) => {
    const [page, roleRows] = await Promise.all([
      paginate(db, {
        from: staffUsers,
        filters: [
          query.status ? eq(staffUsers.status, query.status) : inArray(staffUsers.status, ['pending', 'rejected']),
          eq(staffUsers.source, 'register'),
        ],
        orderBy: [desc(staffUsers.id)],
        ...query,
      }),
      staff.listRoles(db, { pageNum: 1, pageSize: MAX_PAGE_SIZE }),
    ]);
    return { ...asList(page, registrationView), roles: roleRows.datas.map((r) => r.roleName) };
  },
  approveRegistration: async ({ db, params, body, session, now, audit }) => {
    const before = await staff.getStaffUserRow(db, params.id);
    if (before.status !== 'pending') throw conflict('staff.notPending');
    await staff.assertRoleGrantable(db, body.role, session!.access);
    const [row] = await db
      .update(staffUsers)
      .set({ status: 'active', role: body.role, reviewedBy: session!.username, reviewedAt: now })
      .where(eq(staffUsers.id, before.id))
      .returning();
    // The pending session only ever reached the status page; approval asks for a fresh sign-in.
    await staff.endSessions(db, row.id);
    audit({
      target: auditTarget('staff', row.username),
      before: registrationView(before),
      after: registrationView(row),
    });
    return registrationView(row);
  },
  rejectRegistration: async ({ db, params, body, session, now, audit }) => {
    const before = await staff.getStaffUserRow(db, params.id);
    if (before.status !== 'pending') throw conflict('staff.notPending');
    const [row] = await db
      .update(staffUsers)
      .set({
        status: 'rejected',
        reviewedBy: session!.username,
        reviewedAt: now,
        rejectReason: body.reason || null,
      })
      .where(eq(staffUsers.id, before.id))
      .returning();
    audit({
      target: auditTarget('staff', row.username),
      before: registrationView(before),
      after: registrationView(row),
    });
    return registrationView(row);
  },

  listSystemLog: ({ db, query }) => listAudit(db, query),
  listMailOutbox: ({ db, query }) => listOutbox(db, query),
});
