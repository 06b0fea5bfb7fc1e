import { type LogLevel, logEndpoints, logKinds, logLevels } from '@rookery/contracts';
import { Card, Col, Form, Row, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useEndpointQuery } from '../../api/endpoint-query';
import { SmallTable } from '../../crud/SmallTable';
import { TimeRangeInput } from '../../crud/TimeRangeInput';
import { presetRange } from '../../crud/time-presets';
import { dayjs } from '../../i18n/dayjs';
import Chart from '../../ui/chart/Chart';
import { ChartCard } from '../../ui/chart/ChartCard';
import { categoryChart } from '../../ui/chart/chart-options';
import { useDeviceClass } from '../../ui/device';
import './texts';

const levelColors: Record<LogLevel, string> = {
  debug: '#8c8c8c',
  info: '#1677ff',
  warn: '#fa8c16',
  error: '#f5222d',
  fatal: '#c41d7f',
};

/** A bucket's label: its time of day, with the date when the window spans days. */
const bucketLabel = (iso: string, seconds: number) => dayjs(iso).format(seconds >= 86_400 ? 'MM-DD' : 'MM-DD HH:mm');

/**
 * Log statistics of a window (the last 24 hours unless the address names one): entries per level
 * and per kind over time, the most frequent messages, the game's errors per app version. Each
 * chart's figures also show as a table (the canvas is hidden from screen readers).
 */
export default function LogStatsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const start = params.get('start');
  const end = params.get('end');
  useEffect(() => {
    if (start && end) return;
    const [s, e] = presetRange(24 * 60, new Date());
    setParams({ start: s.toISOString(), end: e.toISOString() }, { replace: true });
  }, [start, end, setParams]);

  const stats = useEndpointQuery(
    logEndpoints.logStats,
    { query: { start: start ?? '', end: end ?? '' } },
    { enabled: Boolean(start && end) },
  );
  const data = stats.data;

  const buckets = useMemo(() => [...new Set((data?.series ?? []).map((p) => p.bucket))].sort(), [data]);
  const sumBy = (key: 'level' | 'kind', value: string) =>
    buckets.map((b) =>
      (data?.series ?? []).filter((p) => p.bucket === b && p[key] === value).reduce((n, p) => n + p.count, 0),
    );
  const labels = buckets.map((b) => bucketLabel(b, data?.bucketSeconds ?? 300));

  const byLevel = categoryChart(
    labels,
    logLevels.map((level) => ({
      name: t(`logs.levels.${level}`),
      type: 'line',
      data: sumBy('level', level),
      itemStyle: { color: levelColors[level] },
    })),
  );
  const byKind = categoryChart(
    labels,
    logKinds.map((kind) => ({ name: t(`logs.kinds.${kind}`), type: 'bar', stack: 'kind', data: sumBy('kind', kind) })),
  );
  const versions = data?.errorsByVersion ?? [];
  const byVersion = categoryChart(
    versions.map((v) => v.appVersion || '-'),
    [
      { name: t('logs.errors'), type: 'bar', data: versions.map((v) => v.count) },
      { name: t('logs.players'), type: 'bar', data: versions.map((v) => v.players) },
    ],
  );

  const stacked = useDeviceClass() === 'mobile';
  return (
    <div data-testid="log-stats">
      <Card size="small" style={{ marginBottom: 16 }}>
        {/* On a phone the range stacks under its label at the card's width, as in every search form. */}
        <Form layout={stacked ? 'vertical' : 'inline'}>
          <Form.Item label={t('logs.time')}>
            <TimeRangeInput
              style={stacked ? { width: '100%' } : undefined}
              value={start && end ? [dayjs(start), dayjs(end)] : null}
              onChange={(range) => {
                const [s, e] = range ?? [];
                if (s && e) setParams({ start: s.toISOString(), end: e.toISOString() });
              }}
            />
          </Form.Item>
        </Form>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <ChartCard title={t('logs.byLevel')} chart={<Chart option={byLevel} testId="chart-log-levels" />}>
            <Typography.Text type="secondary">
              {t('logs.totalInWindow', { count: (data?.series ?? []).reduce((n, p) => n + p.count, 0) })}
            </Typography.Text>
          </ChartCard>
        </Col>
        <Col xs={24} xl={12}>
          <ChartCard title={t('logs.byKind')} chart={<Chart option={byKind} testId="chart-log-kinds" />} />
        </Col>
        <Col xs={24} xl={12}>
          <ChartCard title={t('logs.errorsByVersion')} chart={<Chart option={byVersion} testId="chart-log-versions" />}>
            <SmallTable
              rowKey="appVersion"
              dataSource={versions}
              columns={[
                { key: 'v', dataIndex: 'appVersion', title: t('logs.appVersion'), render: (v: string) => v || '-' },
                { key: 'c', dataIndex: 'count', title: t('logs.errors'), align: 'right' },
                { key: 'p', dataIndex: 'players', title: t('logs.players'), align: 'right' },
              ]}
            />
          </ChartCard>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('logs.topMessages')}>
            <SmallTable
              rowKey={(r) => `${r.kind}:${r.level}:${r.message}`}
              dataSource={data?.topMessages ?? []}
              data-testid="log-top-messages"
              columns={[
                { key: 'm', dataIndex: 'message', title: t('logs.message'), ellipsis: true, width: 320 },
                { key: 'k', dataIndex: 'kind', title: t('logs.kind'), render: (k: string) => t(`logs.kinds.${k}`) },
                { key: 'l', dataIndex: 'level', title: t('logs.level'), render: (l: string) => t(`logs.levels.${l}`) },
                { key: 'c', dataIndex: 'count', title: t('logs.count'), align: 'right' },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
