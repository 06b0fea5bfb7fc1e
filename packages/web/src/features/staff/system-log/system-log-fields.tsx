import type { AuditEntry } from '@rookery/contracts';
import type { Field } from '../../../crud/fields';

/** The audit log. `at` doubles as the required time range of the search (spec §5). */
export const systemLogFields: Field<AuditEntry>[] = [
  { name: 'at', title: 'staff.at', kind: 'time', search: 'timeRange' },
  { name: 'actor', title: 'staff.actor', search: 'text' },
  { name: 'action', title: 'staff.action', search: 'text' },
  { name: 'target', title: 'staff.target', search: 'text' },
  { name: 'ip', title: 'staff.ip' },
  { name: 'before', title: 'staff.before', kind: 'json', column: false },
  { name: 'after', title: 'staff.after', kind: 'json', column: false },
];
