import { auditTarget, type staffEndpoints } from '@rookery/contracts';
import { eq } from 'drizzle-orm';
import type { Config } from '../../../platform/config.js';
import { prepareThen } from '../../../platform/http/endpoints.js';
import { AppError } from '../../../platform/http/errors.js';
import type { HandlerPart } from '../../../platform/http/handler-parts.js';
import { hashPassword, verifyPassword } from '../../../platform/security/password.js';
import { assertPasswordAcceptable } from '../../../platform/security/password-policy.js';
import { checkCredentials, completeLogin } from '../auth.js';
import * as staff from '../service.js';
import { staffSessions, staffUsers } from '../tables.js';

/** One's own account: signing in and out, the session, changing one's password. */
export const accountHandlers = (
  config: Config,
): HandlerPart<typeof staffEndpoints, 'login' | 'logout' | 'getSession' | 'changePassword'> => ({
  login: prepareThen(
    ({ db, body, ip, now }) => checkCredentials(db, body.username, body.password, ip, now),
    async ({ db, body, ip, now, req, setActor, audit }, checked) => {
      setActor(body.username);
      // The second factor, when the sso area installed it (issue 46).
      const check = req.server.secondFactor;
      const result = await completeLogin(db, checked, body.username, ip, now, check && { check, code: body.code });
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
      // The SSO centre shows when it is switched on or sign-in through a provider is configured.
      features: { sso: config.ssoCenter || Boolean(config.oidc) },
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
});
