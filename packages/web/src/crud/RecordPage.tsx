import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorPage } from '../shell/errors/ErrorPage';
import { PageSpinner } from '../shell/PageSpinner';

/**
 * An edit page's record: `?id=` loads it (spinner while loading, the 404 page when it does not
 * exist); without an id the page creates. The form remounts per record, so its initial values
 * always belong to the record shown.
 */
export function RecordPage<Row>({
  queryKey,
  load,
  children,
}: {
  queryKey: string;
  load: (id: number) => Promise<Row>;
  children: (record: Row | undefined) => ReactNode;
}) {
  const id = Number(useSearchParams()[0].get('id')) || undefined;
  const record = useQuery({ queryKey: [queryKey, id], queryFn: () => load(id!), enabled: Boolean(id) });
  if (id && record.isError) return <ErrorPage status={404} />;
  if (id && !record.data) return <PageSpinner />;
  return <div key={id ?? 'new'}>{children(record.data)}</div>;
}
