import type { Resource } from '@rookery/contracts';
import { Select, Spin } from 'antd';
import { type CSSProperties, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointPages } from '../../api/endpoint-query';
import { readList } from '../list-shape';
import { resourceApi } from './endpoints';

/** Items a picker loads at a time; more load as its list scrolls to the end. */
export const PICKER_PAGE_SIZE = 20;

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
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  // The list follows typing without a request per keystroke.
  const search = useDeferredValue(typed.trim());
  const pages = useEndpointPages(
    resourceApi(resource).list,
    search ? { search } : {},
    PICKER_PAGE_SIZE,
    (answer, loaded) => {
      const { total } = readList(answer);
      return loaded * PICKER_PAGE_SIZE < total ? loaded + 1 : undefined;
    },
  );
  const rows = (pages.data?.pages ?? []).flatMap((page) => readList<Record<string, unknown>>(page).rows);
  const keys = rows.map((row) => String(row[resource.key]));
  const labels = new Map(rows.map((row) => [String(row[resource.key]), labelOf?.(row) ?? String(row[resource.key])]));
  const options = [...new Set(value && !keys.includes(value) ? [value, ...keys] : keys)].map((key) => ({
    value: key,
    label: labels.get(key) ?? key,
  }));
  return (
    <Select
      id={id}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      style={style}
      value={value}
      onChange={(key?: string) => {
        setTyped('');
        onChange?.(key);
      }}
      options={options}
      data-testid={testId}
      notFoundContent={pages.isFetching ? <Spin size="small" /> : undefined}
      placeholder={t('common.search')}
      onPopupScroll={(event) => {
        const list = event.currentTarget;
        if (
          list.scrollTop + list.clientHeight >= list.scrollHeight - 8 &&
          pages.hasNextPage &&
          !pages.isFetchingNextPage
        )
          void pages.fetchNextPage();
      }}
    />
  );
}
