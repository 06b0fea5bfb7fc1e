import type { Endpoint, EndpointInput } from '@rookery/contracts';
import { App, Button, Card, Empty, Form, Space, type TableProps, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useEndpointQuery } from '../../api/endpoint-query';
import { actionColumn, useConfirmThen } from '../../crud/actions';
import { DetailDrawer } from '../../crud/DetailDrawer';
import { displayValue, type Field, wordsText } from '../../crud/fields';
import { SearchForm } from '../../crud/SearchForm';
import { SmallTable } from '../../crud/SmallTable';
import { zodFieldErrors } from '../../crud/schema-errors';
import { filterNames, searchFilters, searchValues } from '../../crud/search-values';
import { presetRange } from '../../crud/time-presets';
import { currentLocale } from '../../i18n';
import { useDeviceClass } from '../../ui/device';
import './texts';

/** The window a log screen opens with when the address names none: the last hour (spec §5 shortcut). */
const DEFAULT_WINDOW_MINUTES = 60;

type KeysetAnswer<Row> = {
  list: Row[];
  nextCursor: string | null;
  estimatedTotal?: { value: number; estimate: true };
};

/**
 * A high-volume list read by key (time, id): the filters and the page's cursor live in the
 * address, a start and an end are always there (the last hour when the address gives none),
 * "older" follows the answer's cursor, "newer" goes back the way it came; the total is the
 * planner's estimate and says so.
 */
export function KeysetList<E extends Endpoint, Row extends { id: number }>({
  endpoint,
  fields,
  fixed,
  testId,
}: {
  endpoint: E;
  fields: Field<Row>[];
  fixed?: Record<string, unknown>;
  testId: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [params, setParams] = useSearchParams();
  const [shown, setShown] = useState<Row>();
  const [back, setBack] = useState<string[]>([]);
  const phone = useDeviceClass() === 'mobile';
  const confirmThen = useConfirmThen();

  const names = useMemo(() => filterNames(fields), [fields]);
  const filters = useMemo(() => {
    const out: Record<string, string> = {};
    for (const name of names) {
      const v = params.get(name);
      if (v) out[name] = v;
    }
    return out;
  }, [params, names]);
  const cursor = params.get('cursor') ?? undefined;

  // The time range is required: an address without one gets the last hour, in place.
  useEffect(() => {
    if (params.get('start') && params.get('end')) return;
    const [start, end] = presetRange(DEFAULT_WINDOW_MINUTES, new Date());
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('start', start.toISOString());
        next.set('end', end.toISOString());
        return next;
      },
      { replace: true },
    );
  }, [params, setParams]);

  const query = { ...filters, ...fixed, ...(cursor ? { cursor } : {}) };
  const checked = endpoint.query ? endpoint.query.safeParse(query) : { success: true as const };
  const list = useEndpointQuery(endpoint, { query } as EndpointInput<E>, {
    enabled: checked.success,
    // The previous page stays on screen while the next loads.
    placeholderData: <T,>(previous: T) => previous,
  });
  const data = (checked.success ? list.data : undefined) as KeysetAnswer<Row> | undefined;
  const values = useMemo(() => searchValues(filters, fields), [filters, fields]);

  const go = (nextFilters: Record<string, string>, nextCursor?: string) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const name of [...names, 'cursor']) next.delete(name);
      for (const [k, v] of Object.entries(nextFilters)) next.set(k, v);
      if (nextCursor) next.set('cursor', nextCursor);
      return next;
    });
  };

  const submit = (formValues: Record<string, unknown>) => {
    const next = searchFilters(formValues, fields);
    const parsed = endpoint.query?.safeParse({ ...next, ...fixed });
    if (parsed && !parsed.success) {
      const { fields: errors, formErrors } = zodFieldErrors(parsed.error, currentLocale());
      for (const text of [...formErrors, ...errors.flatMap((e) => e.errors)]) message.warning(text);
      return;
    }
    setBack([]);
    go(next);
  };

  const columns: NonNullable<TableProps<Row>['columns']> = fields
    .filter((f) => f.column !== false)
    .map((f) => ({
      key: f.name,
      dataIndex: f.name,
      title: wordsText(t, f.title),
      width: f.width,
      ellipsis: f.name === 'message' || f.name === 'path',
      render: (_: unknown, row: Row) => displayValue(f, row, t),
    }));
  columns.push(actionColumn<Row>({ t, detail: true, onDetail: setShown, confirmThen, compact: phone }));

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid={testId}>
      <SearchForm<Row>
        form={form}
        name={`${endpoint.name}-search`}
        fields={fields}
        values={values}
        onSearch={submit}
        onReset={() => {
          form.resetFields();
          setBack([]);
          const [start, end] = presetRange(DEFAULT_WINDOW_MINUTES, new Date());
          go({ start: start.toISOString(), end: end.toISOString() });
        }}
      />
      <Card size="small">
        <Space style={{ marginBottom: 12 }} wrap>
          <Typography.Text type="secondary" data-testid="log-estimate">
            {data?.estimatedTotal ? t('logs.estimated', { count: data.estimatedTotal.value }) : ''}
          </Typography.Text>
        </Space>
        <SmallTable<Row>
          rowKey="id"
          loading={list.isFetching}
          columns={columns}
          dataSource={data?.list ?? []}
          // antd's Empty words it in the description colour (AA); a bare string takes the disabled grey.
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('logs.empty')} /> }}
        />
        <Space style={{ marginTop: 12 }} wrap>
          <Button
            disabled={!cursor}
            onClick={() => {
              setBack([]);
              go(filters);
            }}
          >
            {t('logs.newest')}
          </Button>
          <Button
            disabled={!cursor}
            data-testid="log-newer"
            onClick={() => {
              const previous = back.at(-1);
              setBack(back.slice(0, -1));
              go(filters, previous || undefined);
            }}
          >
            {t('logs.newer')}
          </Button>
          <Button
            disabled={!data?.nextCursor}
            data-testid="log-older"
            onClick={() => {
              setBack([...back, cursor ?? '']);
              go(filters, data?.nextCursor ?? undefined);
            }}
          >
            {t('logs.older')}
          </Button>
        </Space>
      </Card>
      <DetailDrawer fields={fields} row={shown} onClose={() => setShown(undefined)} />
    </Space>
  );
}
