import { type StaffUser, staffStatuses } from '@rookery/contracts';
import type { Field } from '../../../crud/fields';
import { roleText } from '../roles/role-label';

const statusColors: Record<(typeof staffStatuses)[number], string> = {
  active: 'green',
  disabled: 'default',
  pending: 'blue',
  rejected: 'red',
};

export const staffStatusOptions = staffStatuses.map((value) => ({
  value,
  label: `staff.statuses.${value}`,
  color: statusColors[value],
}));

/** Staff users: one list for search, columns and detail. The spec searches them by email. */
export const staffUserFields: Field<StaffUser>[] = [
  { name: 'username', title: 'staff.username' },
  { name: 'name', title: 'staff.name' },
  { name: 'email', title: 'staff.email', search: 'text' },
  { name: 'role', title: 'staff.role', render: (row) => (row.role ? roleText(row.role) : '-') },
  { name: 'phoneNumber', title: 'staff.phoneNumber' },
  { name: 'status', title: 'staff.status', search: 'select', options: staffStatusOptions },
  { name: 'createdAt', title: 'staff.createdAt', kind: 'time' },
  { name: 'lastLoginAt', title: 'staff.lastLoginAt', kind: 'time' },
];
