import { type LogKind, logEndpoints } from '@rookery/contracts';
import { useMemo } from 'react';
import { KeysetList } from './KeysetList';
import { logFields } from './log-fields';

/** One log screen: every kind the user may read, or one kind. */
export function LogListPage({ kind }: { kind?: LogKind }) {
  const fields = useMemo(() => logFields(kind), [kind]);
  return (
    <KeysetList
      endpoint={logEndpoints.logList}
      fields={fields}
      fixed={kind ? { kind } : undefined}
      testId={`log-list-${kind ?? 'all'}`}
    />
  );
}
