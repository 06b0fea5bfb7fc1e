import { type AuditActionName, type AuditEntry, auditActionLabel, auditActions } from '@rookery/contracts';
import { AuditDiff } from '../../../crud/AuditDiff';
import type { Field } from '../../../crud/fields';
import { currentLocale } from '../../../i18n';
import { AuditSentence } from '../../shared/AuditSentence';
import './texts';

/** The kinds of action, labelled from the audit-action table (the filter is a select, not free text). */
const actionOptions = (Object.keys(auditActions) as AuditActionName[]).map((value) => ({
  value,
  label: `auditActions.${value}`,
}));

/**
 * The audit log. `at` doubles as the required time range of the search (spec §5). Each entry reads
 * as a sentence with its object linked; the kind of action and the object are filters.
 */
export const systemLogFields: Field<AuditEntry>[] = [
  { name: 'at', title: 'staff.at', kind: 'time', search: 'timeRange' },
  { name: 'actor', title: 'staff.actor', search: 'text' },
  {
    name: 'sentence',
    title: 'staff.auditSentence',
    detail: false,
    render: (row) => <AuditSentence entry={row} />,
  },
  {
    name: 'action',
    title: 'staff.action',
    search: 'select',
    options: actionOptions,
    column: false,
    render: (row) => auditActionLabel(row.action, currentLocale()),
  },
  {
    name: 'target',
    title: 'staff.target',
    search: 'text',
    column: false,
    render: (row) => <AuditSentence entry={row} />,
  },
  { name: 'ip', title: 'staff.ip' },
  {
    name: 'changes',
    title: 'staff.changes',
    column: false,
    render: (row) => <AuditDiff before={row.before} after={row.after} />,
  },
];
