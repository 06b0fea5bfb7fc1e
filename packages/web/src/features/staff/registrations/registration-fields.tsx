import type { EndpointResponse, staffEndpoints } from '@rookery/contracts';
import type { Field } from '../../../crud/fields';
import { roleText } from '../roles/role-label';
import { staffStatusOptions } from '../users/staff-user-fields';

export type Registration = EndpointResponse<typeof staffEndpoints.listRegistrations>['list'][number];

const reviewStates = ['pending', 'active', 'rejected'];

export const registrationFields: Field<Registration>[] = [
  { name: 'username', title: 'staff.username' },
  { name: 'email', title: 'staff.email' },
  { name: 'phoneNumber', title: 'staff.phoneNumber' },
  {
    name: 'status',
    title: 'staff.status',
    search: 'select',
    options: staffStatusOptions.filter((o) => reviewStates.includes(o.value)),
  },
  { name: 'role', title: 'staff.role', render: (row) => (row.role ? roleText(row.role) : '-') },
  { name: 'createdAt', title: 'staff.registeredAt', kind: 'time' },
  { name: 'reviewedBy', title: 'staff.reviewedBy' },
  { name: 'reviewedAt', title: 'staff.reviewedAt', kind: 'time' },
  { name: 'rejectReason', title: 'staff.rejectReason', column: false },
];
