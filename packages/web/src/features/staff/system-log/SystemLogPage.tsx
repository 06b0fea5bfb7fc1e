import { staffEndpoints } from '@rookery/contracts';
import { useState } from 'react';
import { ListPage } from '../../../crud/ListPage';
import { dayjs } from '../../../i18n/dayjs';
import { systemLogFields } from './system-log-fields';

/** The system log: who changed what, with before and after. Start and end time are required. */
export default function SystemLogPage() {
  // The page opens on the last 24 hours, so the required range never starts empty.
  const [initialSearch] = useState(() => ({ at: [dayjs().subtract(24, 'hour'), dayjs()] }));
  return <ListPage endpoint={staffEndpoints.listSystemLog} fields={systemLogFields} initialSearch={initialSearch} />;
}
