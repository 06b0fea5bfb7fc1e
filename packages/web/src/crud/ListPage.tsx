import { DEFAULT_PAGE_SIZE, type Endpoint, type EndpointInput, type EndpointResponse } from '@rookery/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { App, Button, Card, Empty, Form, Space, Switch, Table, type TableProps, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../api/download';
import { useEndpointQuery } from '../api/endpoint-query';
import { currentLocale } from '../i18n';
import { useDeviceClass } from '../ui/device';
import { actionColumn, type BatchAction, type RowAction, useConfirmThen } from './actions';
import { DetailDrawer } from './DetailDrawer';
import { displayValue, type Field, type Words, wordsText } from './fields';
import { type ListRow, listPaging, listQuery, readList } from './list-shape';
import { type ListStateSpec, type Sort, useListState } from './list-state';
import { SearchForm } from './SearchForm';
import { zodFieldErrors } from './schema-errors';
import { filterNames, rangeParams, searchFilters, searchValues } from './search-values';
import { presetRange } from './time-presets';
import './kit-texts';

export type { BatchAction, RowAction } from './actions';

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

export type { ListRow } from './list-shape';

type QueryInput<E> = NonNullable<EndpointInput<E> extends { query?: infer Q } ? Q : never>;
type ParamsInput<E> = EndpointInput<E> extends { params: infer P } ? P : never;

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
  /** Its path's parameters, for a list under one item (a board's submissions). */
  params?: ParamsInput<E>;
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
  /**
   * How the list pages: `offset` (numbered pages and a total, the default), or `keyset` (a
   * high-volume list read by key: "older" follows the answer's `nextCursor`, "newer" goes back the
   * way it came, and the total is the planner's estimate and says so).
   */
  paging?: 'offset' | 'keyset';
  /**
   * The time window, in minutes up to now, the list opens with when the address names none (its
   * time range search is required): written into the address in place, and given again by reset.
   */
  recentMinutes?: number;
  /** What the table says when nothing matches (default: the kit's "no data"). */
  empty?: Words;
  /**
   * Whether the rows on screen are still changing on the server (a send delivering): the page
   * reloads every 2 s while this holds, and stops when it no longer does.
   */
  refreshWhile?: (rows: ListRow<E>[]) => boolean;
  testId?: string;
}

/** The columns of a list, from its fields: times in the browser's zone (named on hover), numbers right-aligned. */
export function listColumns<Row>(
  fields: Field<Row>[],
  t: TFunction,
  sort?: Sort,
): NonNullable<TableProps<Row>['columns']> {
  return fields
    .filter((f) => f.column !== false)
    .map((f) => ({
      key: f.name,
      dataIndex: f.name,
      title: f.kind === 'time' ? <span title={browserZone}>{wordsText(t, f.title)}</span> : wordsText(t, f.title),
      width: f.width,
      ellipsis: f.ellipsis,
      align: f.kind === 'number' ? ('right' as const) : undefined,
      sorter: f.sorter,
      sortOrder: f.sorter && sort?.field === f.name ? (sort.order === 'asc' ? 'ascend' : 'descend') : null,
      render: (_: unknown, row: Row) =>
        f.ellipsis && f.width ? (
          <div style={cutStyle(f.width)}>{displayValue(f, row, t)}</div>
        ) : (
          displayValue(f, row, t)
        ),
    }));
}

/**
 * A long text cut to its column's width. The table sizes its columns to their content (it scrolls
 * sideways, `max-content`), where a column's width is only a hint: without a box of its own, one
 * long log message made its column 2,000 px wide and a phone showed a sliver of it (issue 41).
 * The box keeps the declared width (less the cell's padding) and never less than a readable 200 px.
 */
const cutStyle = (width: number) =>
  ({
    maxWidth: width - 32,
    minWidth: Math.min(200, width - 32),
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  }) as const;

/** The answer of a keyset list: a page of rows, the cursor of the next, the estimated total. */
type KeysetAnswer = { nextCursor?: string | null; total?: { value: number; estimate: boolean } };

/**
 * How often the newest page of a keyset list whose time window reaches the present is read again,
 * its end moved to now (issue 41 item 8: a log entry sent seconds ago shows without a reload; the
 * console sends its errors every 3 s).
 */
export const LIVE_REFRESH_SECONDS = 5;

/** A window whose end was at most this long before the moment it was set reaches the present. */
const PRESENT_SLACK_MS = 60_000;

/** The filters of the last `minutes` on the list's time range search (its start and end parameters). */
const recentFilters = <Row,>(fields: Field<Row>[], minutes: number | undefined): Record<string, string> => {
  const range = fields.find((f) => f.search === 'timeRange');
  if (!range || minutes === undefined) return {};
  const [start, end] = rangeParams(range);
  const [from, to] = presetRange(minutes, new Date());
  return { [start]: from.toISOString(), [end]: to.toISOString() };
};

/**
 * The one list of the console, bound to a list endpoint: search form, server-paged table (by
 * offset or by key) with one action column, and detail drawer, all from one field list. Its state
 * (filters, page or cursor, page size, sort) lives in the address; its cache key is the endpoint's name and query, so the mutations that declare
 * the endpoint in `invalidates` reload it. The query is checked with the endpoint's own schema
 * before it is sent: a search the server would refuse shows its errors on the form, and a list
 * that needs a filter (a player's snapshots) stays empty until it has one.
 */
export function ListPage<E extends Endpoint>({
  endpoint,
  query: fixed,
  params,
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
  paging: pagingKind = 'offset',
  recentMinutes,
  empty,
  refreshWhile,
  testId,
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
  const keyset = pagingKind === 'keyset';
  // A keyset list's way back: the cursors of the pages before this one.
  const [back, setBack] = useState<string[]>([]);

  const paging = useMemo(() => listPaging(endpoint), [endpoint]);
  // The spec is keyed by its content: features may rebuild `fields` on every render.
  const specKey = JSON.stringify([
    filterNames(fields),
    searchFilters(initialSearch ?? {}, fields),
    paging.defaultPageSize,
    urlPrefix,
    keyset,
  ]);
  const spec = useMemo<ListStateSpec>(() => {
    const [names, filters, pageSize, prefix, byKey] = JSON.parse(specKey);
    return {
      filterNames: names,
      defaults: { filters, page: 1, pageSize: pageSize ?? DEFAULT_PAGE_SIZE },
      prefix,
      keyset: byKey,
    };
  }, [specKey]);
  const { state, search, turn, complete, turnTo } = useListState(spec);

  // A required time range the address lacks: the recent window, in place.
  const missingWindow = Object.keys(recentFilters(fields, recentMinutes)).some((name) => !state.filters[name]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the window goes missing; `fields` may be rebuilt per render
  useEffect(() => {
    if (missingWindow) complete(recentFilters(fields, recentMinutes));
  }, [missingWindow, complete]);
  // Keyed by content: the form follows the address, not every render of `fields`.
  const filtersKey = JSON.stringify(state.filters);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `filtersKey` stands for `state.filters`; `fields` may be rebuilt per render
  const formValues = useMemo(() => searchValues(JSON.parse(filtersKey), fields), [filtersKey]);

  // A keyset list whose window reaches the present (its end was no older than the slack when it was
  // set: the default recent window, a "last N minutes" preset) follows the clock on its newest page,
  // read again every LIVE_REFRESH_SECONDS while "auto-refresh" is on.
  const windowField = keyset ? fields.find((f) => f.search === 'timeRange') : undefined;
  const endName = windowField ? rangeParams(windowField)[1] : undefined;
  const endParam = endName ? (state.filters[endName] ?? null) : null;
  const [endSeen, setEndSeen] = useState({ end: endParam, at: Date.now() });
  if (endSeen.end !== endParam) setEndSeen({ end: endParam, at: Date.now() });
  const reachesPresent = endParam !== null && Date.parse(endParam) >= endSeen.at - PRESENT_SLACK_MS;
  const [live, setLive] = useState(true);
  const follows = live && reachesPresent && !state.cursor;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!follows) return;
    const timer = setInterval(() => setNow(Date.now()), LIVE_REFRESH_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [follows]);
  const liveEnd =
    follows && endName && endParam ? { [endName]: new Date(Math.max(Date.parse(endParam), now)).toISOString() } : {};
  const liveId = useId();

  const query = { ...listQuery(paging, state, fixed as Record<string, unknown>), ...liveEnd };
  const checked = endpoint.query ? endpoint.query.safeParse(query) : { success: true as const };
  const list = useEndpointQuery(endpoint, (params ? { params, query } : { query }) as EndpointInput<E>, {
    enabled: checked.success,
    // The previous page stays on screen while the next loads.
    placeholderData: keepPreviousData,
    refetchInterval: refreshWhile
      ? (q: { state: { data?: unknown } }) =>
          q.state.data !== undefined && refreshWhile(readList<Row>(q.state.data).rows) ? 2000 : false
      : undefined,
  });
  const data = checked.success ? list.data : undefined;
  const { rows, total } = data ? readList<Row>(data) : { rows: [] as Row[], total: 0 };
  const byKey = data as KeysetAnswer | undefined;
  // A refresh of the page on screen shows no spinner; a new search or page does.
  const pageKey = JSON.stringify([state.filters, fixed, state.cursor, state.page, state.pageSize, state.sort]);
  const [shownKey, setShownKey] = useState<string>();
  useEffect(() => {
    if (list.isSuccess && !list.isPlaceholderData) setShownKey(pageKey);
  }, [list.isSuccess, list.isPlaceholderData, pageKey]);
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
    setBack([]);
    search(filters);
  };

  const columns = listColumns(fields, t, state.sort);
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
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid={testId}>
      <SearchForm<Row>
        form={form}
        name={`${urlPrefix ?? endpoint.name}-search`}
        fields={fields}
        values={formValues}
        onSearch={submit}
        onReset={() => {
          form.resetFields();
          setBack([]);
          search({ ...searchFilters(initialSearch ?? {}, fields), ...recentFilters(fields, recentMinutes) });
        }}
      />
      <Card size="small">
        {(toolbar || batchActions || exportEndpoint || keyset) && (
          <Space style={{ marginBottom: 12 }} wrap>
            {toolbar}
            {keyset && (
              <Typography.Text type="secondary" data-testid="list-estimate">
                {byKey?.total
                  ? t(byKey.total.estimate ? 'list.estimated' : 'list.total', { count: byKey.total.value })
                  : ''}
              </Typography.Text>
            )}
            {reachesPresent && !state.cursor && (
              <Space size={8}>
                <Switch id={liveId} size="small" checked={live} onChange={setLive} data-testid="list-live" />
                <label htmlFor={liveId}>
                  <Typography.Text type="secondary" data-testid="list-live-note">
                    {live ? t('list.refreshesEvery', { seconds: LIVE_REFRESH_SECONDS }) : t('list.autoRefresh')}
                  </Typography.Text>
                </label>
              </Space>
            )}
            {exportEndpoint && (
              <Button
                loading={exporting}
                disabled={!checked.success}
                data-testid="list-export"
                onClick={() => {
                  const { page: _p, pageNum: _n, pageSize: _s, cursor: _c, ...filters } = query;
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
          size={keyset ? 'small' : 'middle'}
          columns={columns}
          dataSource={rows}
          loading={list.isFetching && shownKey !== pageKey}
          scroll={{ x: 'max-content' }}
          // antd's Empty words it in the description colour (AA); a bare string takes the disabled grey.
          locale={
            empty === undefined
              ? undefined
              : { emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={wordsText(t, empty)} /> }
          }
          rowSelection={
            batchActions
              ? {
                  selectedRowKeys: selected.map((r) => r[rowKey] as React.Key),
                  onChange: (_, picked) => setSelected(picked),
                }
              : undefined
          }
          pagination={
            !keyset && {
              current: state.page,
              pageSize: state.pageSize,
              total,
              showSizeChanger: true,
              showTotal: (count) => t('common.total', { total: count }),
            }
          }
          onChange={(pagination, _filters, sorter) => {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            turn(
              pagination.current ?? 1,
              pagination.pageSize ?? state.pageSize,
              one?.order ? { field: String(one.field), order: one.order === 'ascend' ? 'asc' : 'desc' } : undefined,
            );
          }}
        />
        {keyset && (
          <Space style={{ marginTop: 12 }} wrap>
            <Button
              disabled={!state.cursor}
              onClick={() => {
                setBack([]);
                turnTo(undefined);
              }}
            >
              {t('list.newest')}
            </Button>
            <Button
              disabled={!state.cursor}
              data-testid="list-newer"
              onClick={() => {
                setBack(back.slice(0, -1));
                turnTo(back.at(-1) || undefined);
              }}
            >
              {t('list.newer')}
            </Button>
            <Button
              disabled={!byKey?.nextCursor}
              data-testid="list-older"
              onClick={() => {
                setBack([...back, state.cursor ?? '']);
                turnTo(byKey?.nextCursor ?? undefined);
              }}
            >
              {t('list.older')}
            </Button>
          </Space>
        )}
      </Card>
      <DetailDrawer fields={fields} row={shown} onClose={() => setShown(undefined)} />
    </Space>
  );
}
