import { logEndpoints } from '@rookery/contracts';
import type { Field } from '../../crud/fields';
import { ListPage, type ListRow } from '../../crud/ListPage';
import { logPaging } from './log-fields';

type AccessEntry = ListRow<typeof logEndpoints.accessLogList>;

const fields: Field<AccessEntry>[] = [
  { name: 'time', title: 'logs.time', search: 'timeRange', column: false, detail: false },
  { name: 'at', title: 'logs.at', kind: 'time', width: 170 },
  { name: 'actor', title: 'logs.actor', search: 'text' },
  { name: 'method', title: 'logs.method', width: 80 },
  { name: 'path', title: 'logs.path', search: 'text', width: 360, ellipsis: true },
  { name: 'status', title: 'logs.status', search: 'text', width: 90 },
  { name: 'ms', title: 'logs.ms', kind: 'number', width: 110 },
  { name: 'ip', title: 'logs.ip' },
];

/** The console's access log: every console API call, who made it, how it ended. */
export default function AccessLogPage() {
  return <ListPage {...logPaging} endpoint={logEndpoints.accessLogList} fields={fields} testId="log-list-access" />;
}
