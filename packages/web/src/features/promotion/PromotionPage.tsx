import { countryCodes, type PromotionSummary, promotionEndpoints } from '@rookery/contracts';
import { Button, Card, Col, Form, Input, Row, Select, Space, Statistic, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpoint-query';
import { FormDialog } from '../../crud/FormDialog';
import type { Field } from '../../crud/fields';
import { formatNumber } from '../../crud/format';
import { ListPage, type ListRow } from '../../crud/ListPage';
import { NumberInput } from '../../crud/schema-fields';
import { currentLocale } from '../../i18n';
import Chart, { type ChartOption } from '../../ui/chart/Chart';
import { ChartCard } from '../../ui/chart/ChartCard';
import { ImportDialog } from './ImportDialog';
import { RegionPicker } from './RegionPicker';
import './texts';

type RecordRow = ListRow<typeof promotionEndpoints.listPromotionRecords>;

const DAY = 86_400_000;
const utcDay = (t: number) => new Date(t).toISOString().slice(0, 10);

function countryOptions() {
  const names = new Intl.DisplayNames([currentLocale()], { type: 'region' });
  return countryCodes.map((code) => ({ value: code, label: `${names.of(code) ?? code} (${code})` }));
}
const countryName = (code: string) => new Intl.DisplayNames([currentLocale()], { type: 'region' }).of(code) ?? code;

const fields: Field<RecordRow>[] = [
  { name: 'date', title: 'promotion.date' },
  { name: 'media_name', title: 'promotion.media_name' },
  { name: 'media_id', title: 'promotion.media_id' },
  { name: 'agency', title: 'promotion.agency' },
  { name: 'account_name', title: 'promotion.account_name' },
  { name: 'account_id', title: 'promotion.account_id' },
  {
    name: 'country_code',
    title: 'promotion.country_code',
    render: (r) => `${countryName(r.country_code)} (${r.country_code})${r.region_name ? ` · ${r.region_name}` : ''}`,
  },
  { name: 'spend', title: 'promotion.spend', kind: 'number' },
  { name: 'install', title: 'promotion.install', kind: 'number' },
  { name: 'created_by', title: 'promotion.created_by' },
  { name: 'created_at', title: 'promotion.created_at', kind: 'time' },
];

interface Filters {
  media_id?: string;
  agency?: string;
  country_code?: string;
  begin: string;
  end: string;
}

/** The filters live in the address: a filtered view can be shared and survives a reload. */
function useFilters(): [Filters, (f: Partial<Filters>) => void] {
  const [params, setParams] = useSearchParams();
  const today = utcDay(Date.now());
  const filters: Filters = {
    media_id: params.get('media_id') || undefined,
    agency: params.get('agency') || undefined,
    country_code: params.get('country_code') || undefined,
    begin: params.get('begin') || utcDay(Date.now() - 29 * DAY),
    end: params.get('end') || today,
  };
  const set = (f: Partial<Filters>) =>
    setParams(Object.fromEntries(Object.entries({ ...filters, ...f }).filter(([, v]) => v)) as Record<string, string>);
  return [filters, set];
}

function FilterBar({ filters, onSearch }: { filters: Filters; onSearch: (f: Partial<Filters>) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Filters>();
  const media = useEndpointQuery(promotionEndpoints.listMedia, { query: {} });
  const unique = (values: string[]) => [...new Set(values)].sort().map((v) => ({ value: v, label: v }));
  const mediaOptions = useMemo(
    () =>
      [...new Map((media.data ?? []).map((m) => [m.media_id, m.media_name])).entries()].map(([id, name]) => ({
        value: id,
        label: `${name} (${id})`,
      })),
    [media.data],
  );
  const countries = useMemo(countryOptions, []);
  return (
    <Card size="small">
      <Form
        form={form}
        name="promotion-filter"
        layout="inline"
        initialValues={filters}
        onFinish={(values) =>
          onSearch({
            media_id: values.media_id || undefined,
            agency: values.agency || undefined,
            country_code: values.country_code || undefined,
            begin: values.begin,
            end: values.end,
          })
        }
        style={{ rowGap: 8 }}
      >
        <Form.Item name="media_id" label={t('promotion.media_id')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ minWidth: 180 }}
            options={mediaOptions}
            placeholder={t('promotion.allMedia')}
          />
        </Form.Item>
        <Form.Item name="agency" label={t('promotion.agency')}>
          <Select
            allowClear
            showSearch
            style={{ minWidth: 160 }}
            options={unique((media.data ?? []).map((m) => m.agency))}
            placeholder={t('promotion.allAgencies')}
          />
        </Form.Item>
        <Form.Item name="country_code" label={t('promotion.country_code')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ minWidth: 180 }}
            options={countries}
            placeholder={t('promotion.allCountries')}
          />
        </Form.Item>
        <Form.Item name="begin" label={t('promotion.begin')} rules={[{ required: true }]}>
          <Input type="date" />
        </Form.Item>
        <Form.Item name="end" label={t('promotion.end')} rules={[{ required: true }]}>
          <Input type="date" />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" data-testid="promotion-search">
              {t('promotion.search')}
            </Button>
            <Button
              onClick={() => {
                const reset = { begin: utcDay(Date.now() - 29 * DAY), end: utcDay(Date.now()) };
                form.setFieldsValue({ media_id: undefined, agency: undefined, country_code: undefined, ...reset });
                onSearch({ media_id: undefined, agency: undefined, country_code: undefined, ...reset });
              }}
            >
              {t('promotion.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}

function chartOption(summary: PromotionSummary, t: TFunction): ChartOption {
  const dates = summary.days.map((d) => d.date);
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll' },
    grid: { left: 64, right: 64, top: 40, bottom: 28 },
    xAxis: { type: 'category', data: dates },
    yAxis: [
      { type: 'value', name: t('promotion.spend') },
      { type: 'value', name: t('promotion.install'), minInterval: 1 },
    ],
    series: [
      { name: t('promotion.spend'), type: 'bar', data: summary.days.map((d) => d.spend) },
      { name: t('promotion.install'), type: 'line', yAxisIndex: 1, data: summary.days.map((d) => d.install) },
      ...summary.currencies.map((currency) => ({
        name: t('promotion.revenueOf', { currency }),
        type: 'line' as const,
        data: summary.days.map((d) => d.revenue.find((r) => r.currency === currency)?.amount ?? 0),
      })),
    ],
  } as ChartOption;
}

/** Totals of the filtered days, and the chart of spend, installs and revenue (per currency) by day. */
function Summary({ filters }: { filters: Filters }) {
  const { t } = useTranslation();
  // The chart stays while a new filter loads (no blank flash between two views).
  const summary = useEndpointQuery(
    promotionEndpoints.promotionSummary,
    { query: filters },
    { placeholderData: (previous) => previous },
  );
  const data = summary.data;
  const option = useMemo(() => (data ? chartOption(data, t) : undefined), [data, t]);
  if (!data || !option) return null;
  const { totals } = data;
  return (
    <ChartCard
      title={t('promotion.chartTitle')}
      chart={<Chart option={option} height={300} testId="promotion-chart" />}
    >
      <Row gutter={[16, 16]} style={{ marginTop: 12 }} data-testid="promotion-totals">
        <Col xs={12} md={6}>
          <Statistic title={t('promotion.totalSpend')} value={formatNumber(totals.spend)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('promotion.totalInstall')} value={formatNumber(totals.install)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic
            title={t('promotion.cpi')}
            value={totals.install ? formatNumber(Math.round((totals.spend / totals.install) * 100) / 100) : '-'}
          />
        </Col>
        <Col xs={12} md={6}>
          <Statistic
            title={t('promotion.revenue')}
            value={
              totals.revenue.length
                ? totals.revenue.map((r) => `${r.currency} ${formatNumber(r.amount)}`).join(' · ')
                : t('promotion.noRevenue')
            }
          />
        </Col>
      </Row>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('promotion.revenueHint')}
      </Typography.Paragraph>
    </ChartCard>
  );
}

function RecordDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const create = useEndpointMutation(promotionEndpoints.createPromotionRecord);
  const countries = useMemo(countryOptions, []);
  return (
    <FormDialog
      name="promotion-record"
      title={t('promotion.newRecord')}
      okText={t('promotion.save')}
      schema={promotionEndpoints.createPromotionRecord.body!}
      initialValues={{ date: utcDay(Date.now() - DAY) }}
      submit={(body) => create.mutateAsync({ body })}
      onClose={onClose}
    >
      {(itemProps) => (
        <>
          <Form.Item {...itemProps('date')} label={t('promotion.date')}>
            <Input type="date" />
          </Form.Item>
          <Form.Item {...itemProps('media_name')} label={t('promotion.media_name')}>
            <Input />
          </Form.Item>
          <Form.Item {...itemProps('media_id')} label={t('promotion.media_id')}>
            <Input />
          </Form.Item>
          <Form.Item {...itemProps('agency')} label={t('promotion.agency')}>
            <Input />
          </Form.Item>
          <Form.Item {...itemProps('account_id')} label={t('promotion.account_id')}>
            <Input />
          </Form.Item>
          <Form.Item {...itemProps('account_name')} label={t('promotion.account_name')}>
            <Input />
          </Form.Item>
          <Form.Item {...itemProps('country_code')} label={t('promotion.country_code')}>
            <Select showSearch={{ optionFilterProp: 'label' }} options={countries} />
          </Form.Item>
          <Form.Item noStyle dependencies={['country_code']}>
            {({ getFieldValue }) => (
              <Form.Item
                {...itemProps('region_code')}
                label={t('promotion.region_code')}
                extra={t('promotion.regionHint')}
              >
                <RegionPicker disabled={getFieldValue('country_code') !== 'CN'} />
              </Form.Item>
            )}
          </Form.Item>
          <Form.Item {...itemProps('spend')} label={t('promotion.spend')}>
            <NumberInput style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item {...itemProps('install')} label={t('promotion.install')}>
            <NumberInput style={{ width: '100%' }} />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}

/**
 * Promotion records: filters (media, agency, country, days), the totals and the chart of spend,
 * installs and revenue by day, the records with entry, CSV import and deletion.
 */
export default function PromotionPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useFilters();
  const [dialog, setDialog] = useState<'record' | 'import' | null>(null);
  const remove = useEndpointMutation(promotionEndpoints.deletePromotionRecord);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="promotion-page">
      <FilterBar filters={filters} onSearch={setFilters} />
      <Summary filters={filters} />
      <ListPage
        endpoint={promotionEndpoints.listPromotionRecords}
        query={filters}
        fields={fields}
        toolbar={
          <Space>
            <Button type="primary" onClick={() => setDialog('record')} data-testid="promotion-new">
              {t('promotion.newRecord')}
            </Button>
            <Button onClick={() => setDialog('import')} data-testid="promotion-import">
              {t('promotion.import')}
            </Button>
          </Space>
        }
        rowActions={(row) => [
          {
            key: 'delete',
            label: t('promotion.delete'),
            danger: true,
            confirm: () => ({
              title: t('promotion.deleteConfirm', {
                date: row.date,
                media: row.media_name,
                account: row.account_name,
                country: row.country_code,
              }),
              okText: t('promotion.deleteOk'),
              danger: true,
            }),
            run: () => remove.mutateAsync({ params: { id: row.id } }),
          },
        ]}
      />
      {dialog === 'record' && <RecordDialog onClose={() => setDialog(null)} />}
      {dialog === 'import' && <ImportDialog onClose={() => setDialog(null)} />}
    </Space>
  );
}
