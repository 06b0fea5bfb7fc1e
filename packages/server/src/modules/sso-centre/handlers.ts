import { auditTarget, type ssoEndpoints, ssoPageAccess, ssoPages, usernameSchema } from '@rookery/contracts';
import type { Handlers } from '../../platform/http/endpoints.js';
import { prepareThen } from '../../platform/http/endpoints.js';
import { hashPassword } from '../../platform/security/password.js';
import { newToken } from '../../platform/security/tokens.js';
import * as staff from '../staff/service.js';
import * as sso from './service.js';

/** A staff user name from an email: the email itself when it fits the name's pattern, else its safe characters. */
function usernameFor(email: string): string {
  const plain = email.toLowerCase();
  if (usernameSchema.safeParse(plain).success) return plain;
  return plain.replace(/[^\w.@-]/g, '-').slice(0, 64);
}

/** Nobody hands out more than they hold: the SSO roles' pages' permissions must be the actor's (super users aside). */
async function assertRolesGrantable(db: Parameters<typeof sso.pagesOfRoles>[0], roleIds: number[], access: string[]) {
  const roles = await sso.pagesOfRoles(db, roleIds);
  staff.assertContentGrantable(ssoPageAccess(roles.flatMap((r) => r.pages)), access);
}

export const ssoHandlers: Handlers<typeof ssoEndpoints> = {
  listSsoCompanies: ({ db, query }) => sso.listCompanies(db, query),
  getSsoCompany: ({ db, params }) => sso.getCompany(db, params.id),
  createSsoCompany: async ({ db, body, now, audit }) => {
    const after = await sso.createCompany(db, body, now);
    audit({ target: auditTarget('ssoCompany', after.id), after });
    return after;
  },
  updateSsoCompany: async ({ db, params, body, now, audit }) => {
    const { before, after } = await sso.updateCompany(db, params.id, body, now);
    audit({ target: auditTarget('ssoCompany', after.id), before, after });
    return after;
  },

  listSsoRoles: ({ db, query }) => sso.listRoles(db, query),
  getSsoRole: ({ db, params }) => sso.getRole(db, params.id),
  createSsoRole: async ({ db, body, now, session, audit }) => {
    staff.assertContentGrantable(ssoPageAccess(body.pages), session!.access);
    const after = await sso.createRole(db, body, now);
    audit({ target: auditTarget('ssoRole', after.id), after });
    return after;
  },
  updateSsoRole: async ({ db, params, body, now, session, audit }) => {
    staff.assertContentGrantable(ssoPageAccess(body.pages), session!.access);
    const { before, after } = await sso.updateRole(db, params.id, body, now);
    // Who holds the role holds what its pages need from their next call on (access is read per call).
    audit({ target: auditTarget('ssoRole', after.id), before, after });
    return after;
  },
  deleteSsoRole: async ({ db, params, audit }) => {
    const before = await sso.deleteRole(db, params.id);
    audit({ target: auditTarget('ssoRole', before.id), before });
    return { ok: true as const };
  },

  listSsoUsers: ({ db, query }) => sso.listUsers(db, query),
  getSsoUser: ({ db, params }) => sso.getUser(db, params.id),
  createSsoUser: prepareThen(
    // A password nobody knows: the account signs in through the provider.
    () => hashPassword(newToken()),
    async ({ db, body, now, session, audit }, passwordHash) => {
      await sso.assertUserFits(db, body, body.email);
      await assertRolesGrantable(db, body.roleIds, session!.access);
      if (body.consoleRole) await staff.assertRoleGrantable(db, body.consoleRole, session!.access, 'consoleRole');
      const account = await staff.createStaffAccount(
        db,
        {
          username: usernameFor(body.email),
          email: body.email,
          name: body.name ?? null,
          role: body.consoleRole,
          passwordHash,
        },
        now,
      );
      if (!body.enabled) await staff.updateStaffAccount(db, account.id, { status: 'disabled' });
      const row = await sso.insertUser(
        db,
        { staffUserId: account.id, companyId: body.companyId, enabled: body.enabled },
        now,
      );
      await sso.setUserRoles(db, row.id, body.roleIds);
      const after = await sso.getUser(db, row.id);
      audit({ target: auditTarget('ssoUser', after.email), after });
      return after;
    },
  ),
  updateSsoUser: async ({ db, params, body, now, session, audit }) => {
    const before = await sso.getUser(db, params.id);
    await sso.assertUserFits(db, body, before.email);
    const added = body.roleIds.filter((id) => !before.roles.some((r) => r.id === id));
    await assertRolesGrantable(db, added, session!.access);
    if (body.consoleRole !== before.consoleRole) {
      if (body.consoleRole) await staff.assertRoleGrantable(db, body.consoleRole, session!.access, 'consoleRole');
      else if (before.consoleRole)
        await staff.assertRoleGrantable(db, before.consoleRole, session!.access, 'consoleRole');
    }
    // The staff account follows: its role, its name, and disabled with the SSO user (no sign-in either way).
    await staff.updateStaffAccount(db, before.staffUserId, {
      name: body.name ?? before.name,
      role: body.consoleRole,
      status: body.enabled ? 'active' : 'disabled',
    });
    await sso.updateUserRow(db, before.id, { companyId: body.companyId, enabled: body.enabled }, now);
    await sso.setUserRoles(db, before.id, body.roleIds);
    const after = await sso.getUser(db, before.id);
    audit({ target: auditTarget('ssoUser', after.email), before, after });
    return after;
  },

  listSsoPages: () => ssoPages.map((p) => ({ ...p, title: { 'zh-CN': p.title['zh-CN'], 'en-US': p.title['en-US'] } })),
  previewRoleAccess: async ({ db, params }) => {
    const role = await staff.getRoleRow(db, params.id);
    return { name: role.roleName, access: staff.accessOfRole(role) };
  },
  previewSsoRoleAccess: async ({ db, params }) => {
    const role = await sso.getRole(db, params.id);
    return { name: role.name, access: ssoPageAccess(role.pages) };
  },
};
