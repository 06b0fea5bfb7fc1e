import { auditTarget, type staffEndpoints } from '@rookery/contracts';
import { eq } from 'drizzle-orm';
import { prepareThen } from '../../../platform/http/endpoints.js';
import { AppError } from '../../../platform/http/errors.js';
import type { HandlerPart } from '../../../platform/http/handler-parts.js';
import { isSuper } from '../../../platform/http/session.js';
import { hashPassword } from '../../../platform/security/password.js';
import { assertPasswordAcceptable } from '../../../platform/security/password-policy.js';
import * as staff from '../service.js';
import { staffUsers } from '../tables.js';

/** Staff users: creating, listing, reading and changing them (a password reset is a change). */
export const userHandlers: HandlerPart<
  typeof staffEndpoints,
  'createStaffUser' | 'listStaffUsers' | 'getStaffUser' | 'updateStaffUser'
> = {
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
};
