import type { Endpoint } from '@rookery/contracts';
import { Select, Spin } from 'antd';
import { type CSSProperties, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointPages } from '../api/endpoint-query';
import { readList } from './list-shape';

/** Items a picker loads at a time; more load as its list scrolls to the end. */
export const PICKER_PAGE_SIZE = 20;

export interface EndpointPickerProps<Row, V extends string | number> {
  /** A paged list endpoint. */
  endpoint: Endpoint;
  /** The list's fixed query (a template's table). */
  query?: Record<string, unknown>;
  /** The list's text search parameter: what the operator types is searched on the server. */
  searchParam: string;
  rowValue: (row: Row) => V;
  rowLabel: (row: Row) => string;
  value?: V;
  onChange?: (value: V | undefined) => void;
  /** Called with the whole row when the operator picks one. */
  onPick?: (row: Row) => void;
  style?: CSSProperties;
  testId?: string;
  /** From the Form.Item: its label names the picker through this id. */
  id?: string;
}

/**
 * Pick a row of a paged list: searched on the server as the operator types, a page at a time as
 * the list scrolls, never the whole table at once.
 */
export function EndpointPicker<Row, V extends string | number>({
  endpoint,
  query,
  searchParam,
  rowValue,
  rowLabel,
  value,
  onChange,
  onPick,
  style,
  testId,
  id,
}: EndpointPickerProps<Row, V>) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  // The list follows typing without a request per keystroke.
  const search = useDeferredValue(typed.trim());
  const pages = useEndpointPages(
    endpoint,
    { ...query, ...(search ? { [searchParam]: search } : {}) },
    PICKER_PAGE_SIZE,
    (answer, loaded) => (loaded * PICKER_PAGE_SIZE < readList(answer).total ? loaded + 1 : undefined),
  );
  const rows = (pages.data?.pages ?? []).flatMap((page) => readList<Row>(page).rows);
  const options = rows.map((row) => ({ value: rowValue(row), label: rowLabel(row) }));
  // The chosen value stays shown when its row is not among the pages loaded.
  if (value !== undefined && !options.some((o) => o.value === value)) options.unshift({ value, label: String(value) });
  return (
    <Select
      id={id}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      style={style}
      value={value}
      onChange={(picked?: V) => {
        setTyped('');
        onChange?.(picked);
        const row = rows.find((r) => rowValue(r) === picked);
        if (row) onPick?.(row);
      }}
      options={[...new Map(options.map((o) => [o.value, o])).values()]}
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
