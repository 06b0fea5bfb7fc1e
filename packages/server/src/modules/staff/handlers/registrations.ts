import { randomUUID } from 'node:crypto';
import { auditTarget, MAX_PAGE_SIZE, type staffEndpoints } from '@rookery/contracts';
import { desc, eq, inArray } from 'drizzle-orm';
import { asList, paginate } from '../../../platform/db/paginate.js';
import { prepareThen } from '../../../platform/http/endpoints.js';
import { AppError, conflict } from '../../../platform/http/errors.js';
import type { HandlerPart } from '../../../platform/http/handler-parts.js';
import type { Mailer } from '../../../platform/mail/mailer.js';
import { hashPassword } from '../../../platform/security/password.js';
import { assertPasswordAcceptable } from '../../../platform/security/password-policy.js';
import { consumeCaptcha, createSession, sendCaptcha } from '../auth.js';
import * as staff from '../service.js';
import { staffUsers } from '../tables.js';

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

/** Registration: the mailed captcha, registering, one's own status, and the review (list, approve, reject). */
export const registrationHandlers = (
  mailer: Mailer,
): HandlerPart<
  typeof staffEndpoints,
  | 'requestCaptcha'
  | 'register'
  | 'getRegistrationStatus'
  | 'listRegistrations'
  | 'approveRegistration'
  | 'rejectRegistration'
> => ({
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
          // Registrations, and accounts made at a first sign-in through the OpenID provider.
          inArray(staffUsers.source, ['register', 'sso']),
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
});
