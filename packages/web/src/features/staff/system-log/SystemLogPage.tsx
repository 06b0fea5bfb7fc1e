import { type AuditEntry, staffEndpoints, timeRangeQuery } from '@rookery/contracts';
import { useState } from 'react';
import { api } from '../../../api/request';
import { ListPage } from '../../../crud/ListPage';
import { dayjs } from '../../../i18n/dayjs';
import { systemLogFields } from './system-log-fields';

/** The system log: who changed what, with before and after. Start and end time are required. */
export default function SystemLogPage() {
  // The page opens on the last 24 hours, so the required range never starts empty.
  const [initialSearch] = useState(() => ({ at: [dayjs().subtract(24, 'hour'), dayjs()] }));
  return (
    <ListPage<AuditEntry>
      queryKey="systemLog"
      fields={systemLogFields}
      rowKey="id"
      searchSchema={timeRangeQuery}
      initialSearch={initialSearch}
      load={async ({ page, pageSize, filters }) => {
        const data = await api(staffEndpoints.listSystemLog, {
          query: {
            page,
            pageSize,
            start: filters.start,
            end: filters.end,
            actor: filters.actor,
            action: filters.action,
            target: filters.target,
          },
        });
        return { rows: data.list, total: data.pagination.total };
      }}
    />
  );
}
