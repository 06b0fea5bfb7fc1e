import { type LogKind, logEndpoints } from '@rookery/contracts';
import { useMemo } from 'react';
import { ListPage } from '../../crud/ListPage';
import { logFields, logPaging } from './log-fields';

/** One log screen: every kind the user may read, or one kind. */
export function LogListPage({ kind }: { kind?: LogKind }) {
  const fields = useMemo(() => logFields(kind), [kind]);
  return (
    <ListPage
      {...logPaging}
      endpoint={logEndpoints.logList}
      fields={fields}
      query={kind ? { kind } : undefined}
      testId={`log-list-${kind ?? 'all'}`}
    />
  );
}
