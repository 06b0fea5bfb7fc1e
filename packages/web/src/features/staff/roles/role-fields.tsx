import type { Role } from '@rookery/contracts';
import type { Field } from '../../../crud/fields';

/** Roles: searched by name (trimmed, spec §5). */
export const roleFields: Field<Role>[] = [
  { name: 'id', title: 'ID', column: false },
  { name: 'roleName', title: 'staff.roleName', search: 'text' },
  { name: 'builtIn', title: 'staff.builtIn', kind: 'boolean' },
  { name: 'userCount', title: 'staff.userCount' },
  { name: 'permissionCount', title: 'staff.permissionCount', detail: false, render: (row) => row.content.length },
  { name: 'content', title: 'staff.permissions', kind: 'list', column: false },
  { name: 'updatedAt', title: 'staff.updatedAt', kind: 'time' },
];
