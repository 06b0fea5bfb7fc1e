import { auditTarget, permissionTree, type staffEndpoints } from '@rookery/contracts';
import type { HandlerPart } from '../../../platform/http/handler-parts.js';
import * as staff from '../service.js';

/** The staff area's roles: the permission tree, listing, reading, creating, changing, deleting and copying roles. */
export const roleHandlers: HandlerPart<
  typeof staffEndpoints,
  'getPermissionTree' | 'listRoles' | 'getRole' | 'createRole' | 'updateRole' | 'deleteRole' | 'copyRole'
> = {
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
};
