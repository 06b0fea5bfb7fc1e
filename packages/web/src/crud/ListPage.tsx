import { DEFAULT_PAGE_SIZE, type Endpoint, type EndpointInput, type EndpointResponse } from '@rookery/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { App, Button, Card, Form, Space, Table, type TableProps } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../api/download';
import { useEndpointQuery } from '../api/endpoint-query';
import { currentLocale } from '../i18n';
import { useDeviceClass } from '../ui/device';
import { actionColumn, type BatchAction, type RowAction, useConfirmThen } from './actions';
import { DetailDrawer } from './DetailDrawer';
import { displayValue, type Field, wordsText } from './fields';
import { type ListRow, listPaging, listQuery, readList } from './list-shape';
import { type ListStateSpec, useListState } from './list-state';
import { SearchForm } from './SearchForm';
import { zodFieldErrors } from './schema-errors';
import { filterNames, rangeParams, searchFilters, searchValues } from './search-values';
import './kit-texts';

export type { BatchAction, RowAction } from './actions';

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

export type { ListRow } from './list-shape';

type QueryInput<E> = NonNullable<EndpointInput<E> extends { query?: infer Q } ? Q : never>;

/** What row actions may use besides the row: the answer (e.g. its extra choices) and the query sent. */
export interface ListContext<E> {
  data: EndpointResponse<E> | undefined;
  query: QueryInput<E>;
}

/** The field that keys a row: optional when the row has an `id`, which is then the key. */
type RowKeyProp<R> = 'id' extends keyof R ? { rowKey?: keyof R & string } : { rowKey: keyof R & string };

export type ListPageProps<E extends Endpoint> = ListPageOptions<E> & RowKeyProp<ListRow<E>>;

interface ListPageOptions<E extends Endpoint> {
  /** The list endpoint, from the contracts endpoint table. */
  endpoint: E;
  /** The fixed part of its query (a scope, a table, the player a tab is about). */
  query?: Partial<QueryInput<E>>;
  /** One list for the search form, the columns and the detail drawer. */
  fields: Field<ListRow<E>>[];
  toolbar?: ReactNode;
  rowActions?: (row: ListRow<E>, list: ListContext<E>) => RowAction<ListRow<E>>[];
  batchActions?: BatchAction<ListRow<E>>[];
  /** The search form's values when the address names none (e.g. only pending registrations). */
  initialSearch?: Record<string, unknown>;
  /** Show a detail drawer from the fields (those not marked `detail: false`). */
  detail?: boolean;
  /** Prefix of the list's parameters in the address, for a list inside another page. */
  urlPrefix?: string;
  /** A raw endpoint taking the list's query (without paging) that answers the list as a file: an export button. */
  exportEndpoint?: Endpoint;
}

/**
 * A list screen bound to a list endpoint: search form, server-paged table with one action column,
 * and detail drawer, all from one field list. Its state (filters, page, page size, sort) lives in
 * the address; its cache key is the endpoint's name and query, so the mutations that declare
 * the endpoint in `invalidates` reload it. The query is checked with the endpoint's own schema
 * before it is sent: a search the server would refuse shows its errors on the form, and a list
 * that needs a filter (a player's snapshots) stays empty until it has one.
 */
export function ListPage<E extends Endpoint>({
  endpoint,
  query: fixed,
  fields,
  // Omitted only where the row has an `id` (the props' type says so).
  rowKey = 'id' as keyof ListRow<E> & string,
  toolbar,
  rowActions,
  batchActions,
  initialSearch,
  detail = true,
  urlPrefix,
  exportEndpoint,
}: ListPageProps<E>) {
  type Row = ListRow<E>;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const confirmThen = useConfirmThen();
  const [selected, setSelected] = useState<Row[]>([]);
  const [shown, setShown] = useState<Row>();
  const [exporting, setExporting] = useState(false);
  const phone = useDeviceClass() === 'mobile';

  const paging = useMemo(() => listPaging(endpoint), [endpoint]);
  // The spec is keyed by its content: features may rebuild `fields` on every render.
  const specKey = JSON.stringify([
    filterNames(fields),
    searchFilters(initialSearch ?? {}, fields),
    paging.defaultPageSize,
    urlPrefix,
  ]);
  const spec = useMemo<ListStateSpec>(() => {
    const [names, filters, pageSize, prefix] = JSON.parse(specKey);
    return { filterNames: names, defaults: { filters, page: 1, pageSize: pageSize ?? DEFAULT_PAGE_SIZE }, prefix };
  }, [specKey]);
  const { state, search, turn } = useListState(spec);
  // Keyed by content: the form follows the address, not every render of `fields`.
  const filtersKey = JSON.stringify(state.filters);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `filtersKey` stands for `state.filters`; `fields` may be rebuilt per render
  const formValues = useMemo(() => searchValues(JSON.parse(filtersKey), fields), [filtersKey]);

  const query = listQuery(paging, state, fixed as Record<string, unknown>);
  const checked = endpoint.query ? endpoint.query.safeParse(query) : { success: true as const };
  const list = useEndpointQuery(endpoint, { query } as EndpointInput<E>, {
    enabled: checked.success,
    placeholderData: keepPreviousData,
  });
  const data = checked.success ? list.data : undefined;
  const { rows, total } = data ? readList<Row>(data) : { rows: [] as Row[], total: 0 };
  const context: ListContext<E> = { data, query: query as QueryInput<E> };

  const submit = (values: Record<string, unknown>) => {
    const filters = searchFilters(values, fields);
    const parsed = endpoint.query?.safeParse(listQuery(paging, { ...state, filters, page: 1 }, fixed));
    if (parsed && !parsed.success) {
      const { fields: errors, formErrors } = zodFieldErrors(parsed.error, currentLocale());
      // Errors name query parameters; the form names its fields (a time range is one of them).
      // Only the searchable fields: a column of the same name (a list's `userId`) is not in the form.
      const byFilter = new Map(
        fields.flatMap((f) =>
          !f.search
            ? []
            : f.search === 'timeRange' || f.search === 'numberRange'
              ? rangeParams(f).map((p) => [p, f.name] as const)
              : [[f.filter ?? f.name, f.name] as const],
        ),
      );
      const onFields = errors.filter((e) => byFilter.has(String(e.name[0])));
      form.setFields(onFields.map((e) => ({ name: [byFilter.get(String(e.name[0]))!], errors: e.errors })));
      // What no field of the form shows (a rule over several fields) still says why nothing was sent.
      const elsewhere = errors.filter((e) => !onFields.includes(e)).flatMap((e) => e.errors);
      for (const text of [...formErrors, ...elsewhere]) message.warning(text);
      return;
    }
    search(filters);
  };

  const columns: NonNullable<TableProps<Row>['columns']> = fields
    .filter((f) => f.column !== false)
    .map((f) => ({
      key: f.name,
      dataIndex: f.name,
      // Times show in the browser's zone; the header names it on hover.
      title: f.kind === 'time' ? <span title={browserZone}>{wordsText(t, f.title)}</span> : wordsText(t, f.title),
      width: f.width,
      align: f.kind === 'number' ? ('right' as const) : undefined,
      sorter: f.sorter,
      sortOrder: f.sorter && state.sort?.field === f.name ? (state.sort.order === 'asc' ? 'ascend' : 'descend') : null,
      render: (_: unknown, row: Row) => displayValue(f, row, t),
    }));
  if (rowActions || detail)
    columns.push(
      actionColumn<Row>({
        t,
        detail,
        rowActions: rowActions && ((row) => rowActions(row, context)),
        onDetail: setShown,
        confirmThen,
        compact: phone,
      }),
    );

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <SearchForm<Row>
        form={form}
        name={`${urlPrefix ?? endpoint.name}-search`}
        fields={fields}
        values={formValues}
        onSearch={submit}
        onReset={() => {
          form.resetFields();
          search(searchFilters(initialSearch ?? {}, fields));
        }}
      />
      <Card size="small">
        {(toolbar || batchActions || exportEndpoint) && (
          <Space style={{ marginBottom: 12 }} wrap>
            {toolbar}
            {exportEndpoint && (
              <Button
                loading={exporting}
                disabled={!checked.success}
                data-testid="list-export"
                onClick={() => {
                  const { page: _p, pageNum: _n, pageSize: _s, ...filters } = query;
                  setExporting(true);
                  download(exportEndpoint, { query: filters }, `${endpoint.name}.csv`)
                    .catch(() => undefined)
                    .finally(() => setExporting(false));
                }}
              >
                {t('list.export')}
              </Button>
            )}
            {batchActions?.map((action) => (
              <Button
                key={action.key}
                data-testid={`batch-action-${action.key}`}
                danger={action.danger}
                onClick={() => {
                  if (!selected.length) return void message.warning(t('common.selectAtLeastOne'));
                  confirmThen(action.confirm?.(selected), async () => {
                    await action.run(selected);
                    setSelected([]);
                  });
                }}
              >
                {action.label}
              </Button>
            ))}
            {batchActions && selected.length > 0 && <span>{t('common.selected', { count: selected.length })}</span>}
          </Space>
        )}
        <Table<Row>
          rowKey={rowKey}
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching}
          scroll={{ x: 'max-content' }}
          rowSelection={
            batchActions
              ? {
                  selectedRowKeys: selected.map((r) => r[rowKey] as React.Key),
                  onChange: (_, picked) => setSelected(picked),
                }
              : undefined
          }
          pagination={{
            current: state.page,
            pageSize: state.pageSize,
            total,
            showSizeChanger: true,
            showTotal: (count) => t('common.total', { total: count }),
          }}
          onChange={(pagination, _filters, sorter) => {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            turn(
              pagination.current ?? 1,
              pagination.pageSize ?? state.pageSize,
              one?.order ? { field: String(one.field), order: one.order === 'ascend' ? 'asc' : 'desc' } : undefined,
            );
          }}
        />
      </Card>
      <DetailDrawer fields={fields} row={shown} onClose={() => setShown(undefined)} />
    </Space>
  );
}
