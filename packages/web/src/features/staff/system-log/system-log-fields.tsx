import type { AuditEntry } from '@rookery/contracts';
import { AuditDiff } from '../../../crud/AuditDiff';
import type { Field } from '../../../crud/fields';

/** The audit log. `at` doubles as the required time range of the search (spec §5). */
export const systemLogFields: Field<AuditEntry>[] = [
  { name: 'at', title: 'staff.at', kind: 'time', search: 'timeRange' },
  { name: 'actor', title: 'staff.actor', search: 'text' },
  { name: 'action', title: 'staff.action', search: 'text' },
  { name: 'target', title: 'staff.target', search: 'text' },
  { name: 'ip', title: 'staff.ip' },
  {
    name: 'changes',
    title: 'staff.changes',
    column: false,
    render: (row) => <AuditDiff before={row.before} after={row.after} />,
  },
];
