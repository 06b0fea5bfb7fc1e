import type { Endpoint, EndpointInput, EndpointResponse } from '@rookery/contracts';
import type { ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useEndpointQuery } from '../api/endpoint-query';
import { ErrorPage } from '../ui/ErrorPage';
import { PageSpinner } from '../ui/PageSpinner';

export interface RecordPageProps<E extends Endpoint> {
  /** The read of one record, from the contracts endpoint table. */
  endpoint: E;
  /** The address parameter that names the record (`?id=` unless said otherwise; a path parameter of that name first). */
  param?: string;
  /** The read's input for the record's id; by default the id is the path parameter `id`. */
  input?: (id: number) => EndpointInput<E>;
  /** Without the parameter the page creates (no record); `required` shows the 404 page instead. */
  required?: boolean;
  children: (record: EndpointResponse<E> | undefined) => ReactNode;
}

/**
 * A page about one record named in the address: it loads it (spinner while loading, the 404
 * page when it does not exist). The content remounts per record, so a form's initial values
 * always belong to the record shown.
 */
export function RecordPage<E extends Endpoint>({
  endpoint,
  param = 'id',
  input = (id) => ({ params: { id } }) as EndpointInput<E>,
  required = false,
  children,
}: RecordPageProps<E>) {
  // A page whose address names the record in its path (`user/:id`) reads it there, else from `?id=`.
  const inPath = useParams()[param];
  const inQuery = useSearchParams()[0].get(param);
  const value = Number(inPath ?? inQuery);
  const id = Number.isSafeInteger(value) && value > 0 ? value : undefined;
  const record = useEndpointQuery(endpoint, id ? input(id) : undefined, { enabled: Boolean(id) });
  if ((!id && required) || (id && record.isError)) return <ErrorPage status={404} />;
  if (id && !record.data) return <PageSpinner />;
  return <div key={id ?? 'new'}>{children(id ? record.data : undefined)}</div>;
}
