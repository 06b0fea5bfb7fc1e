import type { Role } from '@rookery/contracts';
import type { Field } from '../../../crud/fields';
import { rolePermissionCount, rolePermissionsText, roleText } from './role-label';

/** Roles: searched by name (trimmed, spec §5). Built-in roles show their label. */
export const roleFields: Field<Role>[] = [
  { name: 'id', title: 'ID', column: false },
  { name: 'roleName', title: 'staff.roleName', search: 'text', render: (row) => roleText(row.roleName) },
  { name: 'builtIn', title: 'staff.builtIn', kind: 'boolean' },
  { name: 'userCount', title: 'staff.userCount', kind: 'number' },
  {
    name: 'permissionCount',
    title: 'staff.permissionCount',
    detail: false,
    render: (row, t) => rolePermissionCount(row, t),
  },
  { name: 'content', title: 'staff.permissions', column: false, render: (row, t) => rolePermissionsText(row, t) },
  { name: 'updatedAt', title: 'staff.updatedAt', kind: 'time' },
];
