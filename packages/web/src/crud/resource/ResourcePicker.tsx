import type { Resource } from '@rookery/contracts';
import type { CSSProperties } from 'react';
import { EndpointPicker } from '../EndpointPicker';
import { endpointsOf } from './endpoints';

export { PICKER_PAGE_SIZE } from '../EndpointPicker';

/**
 * Pick an item of a resource by its key: the list's own search on the server (what the
 * operator types), a page at a time, never the whole kind at once.
 */
export function ResourcePicker({
  resource,
  value,
  onChange,
  style,
  testId,
  id,
}: {
  resource: Resource;
  value?: string;
  onChange?: (key: string | undefined) => void;
  style?: CSSProperties;
  testId?: string;
  id?: string;
}) {
  const keyOf = (row: Record<string, unknown>) => String(row[resource.key]);
  return (
    <EndpointPicker
      endpoint={endpointsOf(resource).list}
      searchParam="search"
      rowValue={keyOf}
      rowLabel={keyOf}
      value={value}
      onChange={onChange}
      style={style}
      testId={testId}
      id={id}
    />
  );
}
