import type { Resource } from '@rookery/contracts';
import type { CSSProperties } from 'react';
import { EndpointPicker } from '../EndpointPicker';
import { endpointsOf } from './endpoints';

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
  labelOf,
}: {
  resource: Resource;
  /** What an option shows (default: the key), e.g. `3 · Gem pile` for numbered items. */
  labelOf?: (row: Record<string, unknown>) => string;
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
      // A resource on the spec's calls (the mail templates) lists with its fixed query.
      query={resource.spec?.fixed}
      searchParam={resource.spec?.searchParam ?? 'search'}
      rowValue={keyOf}
      rowLabel={(row) => labelOf?.(row) ?? keyOf(row)}
      value={value}
      onChange={onChange}
      style={style}
      testId={testId}
      id={id}
    />
  );
}
