import { DEFAULT_PAGE_SIZE } from '@rookery/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Drawer, Form, Input, Select, Space, Table, type TableProps } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { currentLocale } from '../i18n';
import { displayValue, type Field } from './fields';
import { zodFieldErrors } from './schema-errors';
import { searchFilters } from './search-values';
import { TimeRangeInput } from './TimeRangeInput';

export interface Sort {
  field: string;
  order: 'asc' | 'desc';
}

export interface LoadArgs {
  page: number;
  pageSize: number;
  filters: Record<string, string | undefined>;
  sort?: Sort;
}

export interface RowAction<Row> {
  key: string;
  label: string;
  danger?: boolean;
  /** Asked before running; the action runs only on OK. */
  confirm?: (row: Row) => string;
  run: (row: Row) => unknown;
}

export interface BatchAction<Row> {
  key: string;
  label: string;
  danger?: boolean;
  confirm?: (rows: Row[]) => string;
  run: (rows: Row[]) => unknown;
}

export interface ListPageProps<Row> {
  /** Query cache key; mutations elsewhere invalidate it to reload the list. */
  queryKey: string;
  fields: Field<Row>[];
  rowKey: keyof Row & string;
  load: (args: LoadArgs) => Promise<{ rows: Row[]; total: number }>;
  toolbar?: ReactNode;
  rowActions?: (row: Row) => RowAction<Row>[];
  batchActions?: BatchAction<Row>[];
  /** Filters the search must satisfy before the list loads (e.g. a required time range). */
  searchSchema?: z.ZodType;
  initialSearch?: Record<string, unknown>;
  /** Show a detail drawer from the fields marked `detail`. */
  detail?: boolean;
  /** Rows per page at first (the endpoint's default page size). */
  pageSize?: number;
}

/**
 * A list screen: search form, server-paged table and detail drawer from one field list, with row
 * and batch actions. Batch actions need at least one selected row; confirmations come first.
 */
export function ListPage<Row extends object>({
  queryKey,
  fields,
  rowKey,
  load,
  toolbar,
  rowActions,
  batchActions,
  searchSchema,
  initialSearch = {},
  detail = true,
  pageSize = DEFAULT_PAGE_SIZE,
}: ListPageProps<Row>) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const timeRangeField = fields.find((f) => f.search === 'timeRange')?.name;
  const [filters, setFilters] = useState(() => searchFilters(initialSearch, timeRangeField));
  const [paging, setPaging] = useState({ page: 1, pageSize });
  const [sort, setSort] = useState<Sort>();
  const [selected, setSelected] = useState<Row[]>([]);
  const [shown, setShown] = useState<Row>();

  const list = useQuery({
    queryKey: [queryKey, paging, filters, sort],
    queryFn: () => load({ ...paging, filters, sort }),
    placeholderData: keepPreviousData,
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: [queryKey] });

  const search = (values: Record<string, unknown>) => {
    const next = searchFilters(values, timeRangeField);
    if (searchSchema) {
      const parsed = searchSchema.safeParse(next);
      if (!parsed.success) {
        const { fields: errors } = zodFieldErrors(parsed.error, currentLocale());
        // The time range is one control in the form but two filters on the wire.
        form.setFields(
          errors.map((e) => (['start', 'end'].includes(String(e.name[0])) ? { ...e, name: [timeRangeField!] } : e)),
        );
        return;
      }
    }
    setPaging((p) => ({ ...p, page: 1 }));
    setFilters(next);
  };

  const confirmThen = (text: string | undefined, run: () => unknown) => {
    const go = async () => {
      await run();
      await reload();
    };
    if (!text) return void go().catch(() => undefined);
    modal.confirm({ title: text, okText: t('common.ok'), cancelText: t('common.cancel'), onOk: go });
  };

  const columns = (() => {
    const cols: NonNullable<TableProps<Row>['columns']> = fields
      .filter((f) => f.column !== false)
      .map((f) => ({
        key: f.name,
        dataIndex: f.name,
        title: t(f.title),
        width: f.width,
        sorter: f.sorter,
        render: (_: unknown, row: Row) => displayValue(f, row, t),
      }));
    if (rowActions || detail)
      cols.push({
        key: '_actions',
        title: t('common.actions'),
        fixed: 'right',
        render: (_: unknown, row: Row) => (
          <Space size={0} wrap>
            {detail && (
              <Button type="link" size="small" onClick={() => setShown(row)}>
                {t('common.detail')}
              </Button>
            )}
            {rowActions?.(row).map((action) => (
              <Button
                key={action.key}
                type="link"
                size="small"
                danger={action.danger}
                data-testid={`row-action-${action.key}`}
                onClick={() => confirmThen(action.confirm?.(row), () => action.run(row))}
              >
                {action.label}
              </Button>
            ))}
          </Space>
        ),
      });
    return cols;
  })();

  const searchable = fields.filter((f) => f.search);
  const data = list.data;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {searchable.length > 0 && (
        <Card size="small">
          <Form
            form={form}
            name={`${queryKey}-search`}
            layout="inline"
            onFinish={search}
            initialValues={initialSearch}
            data-testid="search-form"
          >
            {searchable.map((f) => (
              <Form.Item key={f.name} name={f.name} label={t(f.title)}>
                {f.search === 'timeRange' ? (
                  <TimeRangeInput />
                ) : f.search === 'select' ? (
                  <Select
                    allowClear
                    style={{ minWidth: 140 }}
                    options={f.options?.map((o) => ({ value: o.value, label: t(o.label) }))}
                  />
                ) : (
                  <Input allowClear />
                )}
              </Form.Item>
            ))}
            <Form.Item>
              <Space>
                <Button type="primary" htmlType="submit">
                  {t('common.search')}
                </Button>
                <Button
                  onClick={() => {
                    form.resetFields();
                    search(initialSearch);
                  }}
                >
                  {t('common.reset')}
                </Button>
              </Space>
            </Form.Item>
          </Form>
        </Card>
      )}
      <Card size="small">
        {(toolbar || batchActions) && (
          <Space style={{ marginBottom: 12 }} wrap>
            {toolbar}
            {batchActions?.map((action) => (
              <Button
                key={action.key}
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
          dataSource={data?.rows}
          loading={list.isFetching}
          scroll={{ x: 'max-content' }}
          rowSelection={
            batchActions
              ? {
                  selectedRowKeys: selected.map((r) => r[rowKey] as React.Key),
                  onChange: (_, rows) => setSelected(rows),
                }
              : undefined
          }
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('common.total', { total }),
          }}
          onChange={(pagination, _filters, sorter) => {
            setPaging({ page: pagination.current ?? 1, pageSize: pagination.pageSize ?? pageSize });
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            setSort(
              one?.order ? { field: String(one.field), order: one.order === 'ascend' ? 'asc' : 'desc' } : undefined,
            );
          }}
        />
      </Card>
      <Drawer open={Boolean(shown)} onClose={() => setShown(undefined)} title={t('common.detail')} size={560}>
        {shown && (
          <Descriptions
            column={1}
            bordered
            size="small"
            items={fields
              .filter((f) => f.detail !== false)
              .map((f) => ({ key: f.name, label: t(f.title), children: displayValue(f, shown, t) }))}
          />
        )}
      </Drawer>
    </Space>
  );
}
