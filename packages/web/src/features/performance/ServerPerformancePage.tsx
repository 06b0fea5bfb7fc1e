import { performanceEndpoints, performanceWindows } from '@rookery/contracts';
import { Card, Col, Empty, Form, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useEndpointQuery } from '../../api/endpoint-query';
import { SmallTable } from '../../crud/SmallTable';
import Chart, { type ChartOption } from '../../ui/chart/Chart';
import { ChartCard } from '../../ui/chart/ChartCard';
import './texts';

type Answer = NonNullable<ReturnType<typeof useServerFigures>['data']>;
type Point = Answer['instances'][number]['points'][number];

const useServerFigures = (minutes: number) =>
  useEndpointQuery(performanceEndpoints.performanceServer, { query: { minutes } }, { refetchInterval: 5000 });

/** One chart: a line per instance over the window. */
function InstanceChart({ answer, value, testId }: { answer: Answer; value: (p: Point) => number; testId: string }) {
  const option: ChartOption = {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll' },
    grid: { left: 56, right: 16, top: 36, bottom: 28 },
    xAxis: { type: 'time' },
    yAxis: { type: 'value' },
    series: answer.instances.map((i) => ({
      name: i.instance,
      type: 'line',
      showSymbol: false,
      data: i.points.map((p) => [p.at, Number(value(p).toFixed(2))]),
    })),
  } as ChartOption;
  return <Chart option={option} testId={testId} height={220} />;
}

/**
 * The server instances' figures, live: each instance writes its own every few seconds; the page
 * reads the window again every 5 s, one line per instance.
 */
export default function ServerPerformancePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const chosen = Number(params.get('minutes'));
  const minutes = (performanceWindows as readonly number[]).includes(chosen) ? chosen : 15;
  const figures = useServerFigures(minutes);
  const data = figures.data;
  const mb = (n: number) => n / 1024 / 1024;
  const charts: [string, (p: Point) => number][] = [
    ['rps', (p) => p.rps],
    ['p95', (p) => p.p95Ms],
    ['p99', (p) => p.p99Ms],
    ['errorRate', (p) => p.errorRate * 100],
    ['eventLoop', (p) => p.eventLoopP99Ms],
    ['heap', (p) => mb(p.heapUsedBytes)],
    ['rss', (p) => mb(p.rssBytes)],
    ['dbQuery', (p) => p.dbQueryMs],
    ['pool', (p) => p.dbPoolTotal - p.dbPoolIdle + p.dbPoolWaiting],
  ];
  return (
    <div data-testid="server-performance">
      <Card size="small" style={{ marginBottom: 16 }}>
        <Form layout="inline">
          <Form.Item label={t('performance.window')} htmlFor="performance-window">
            <Select
              id="performance-window"
              value={minutes}
              style={{ minWidth: 160 }}
              onChange={(m) => setParams({ minutes: String(m) })}
              options={performanceWindows.map((m) => ({ value: m, label: t('performance.minutes', { count: m }) }))}
            />
          </Form.Item>
        </Form>
        <Typography.Text type="secondary">
          {t('performance.every', { seconds: data?.reportSeconds ?? 5 })}
        </Typography.Text>
      </Card>
      {data && data.instances.length === 0 && <Empty description={t('performance.noReports')} />}
      {data && data.instances.length > 0 && (
        <Row gutter={[16, 16]}>
          {charts.map(([key, value]) => (
            <Col key={key} xs={24} xl={12}>
              <ChartCard
                title={t(`performance.${key}`)}
                chart={<InstanceChart answer={data} value={value} testId={`chart-performance-${key}`} />}
              />
            </Col>
          ))}
          <Col span={24}>
            <Card size="small" title={t('performance.latest')}>
              <SmallTable
                rowKey="instance"
                data-testid="performance-latest"
                dataSource={data.instances}
                columns={[
                  { key: 'i', dataIndex: 'instance', title: t('performance.instance') },
                  ...charts.map(([key, value]) => ({
                    key,
                    title: t(`performance.${key}`),
                    align: 'right' as const,
                    // The newest figure, and the lowest and highest over the window: the charts' facts as text.
                    render: (_: unknown, i: Answer['instances'][number]) => {
                      if (i.points.length === 0) return '-';
                      const values = i.points.map(value);
                      const show = (n: number) => n.toFixed(1);
                      return `${show(values[values.length - 1])} (${show(Math.min(...values))}–${show(Math.max(...values))})`;
                    },
                  })),
                ]}
              />
              <Typography.Text type="secondary">{t('performance.latestHint')}</Typography.Text>
            </Card>
          </Col>
          <Col span={24}>
            <Card size="small" title={t('performance.routes')}>
              <SmallTable
                rowKey={(r) => `${r.instance} ${r.route}`}
                dataSource={data.instances.flatMap((i) => i.routes.map((r) => ({ ...r, instance: i.instance })))}
                columns={[
                  { key: 'i', dataIndex: 'instance', title: t('performance.instance') },
                  { key: 'r', dataIndex: 'route', title: t('performance.route') },
                  { key: 'c', dataIndex: 'count', title: t('performance.count'), align: 'right' },
                  {
                    key: '50',
                    dataIndex: 'p50',
                    title: 'p50 (ms)',
                    align: 'right',
                    render: (v: number) => v.toFixed(1),
                  },
                  {
                    key: '95',
                    dataIndex: 'p95',
                    title: 'p95 (ms)',
                    align: 'right',
                    render: (v: number) => v.toFixed(1),
                  },
                  {
                    key: '99',
                    dataIndex: 'p99',
                    title: 'p99 (ms)',
                    align: 'right',
                    render: (v: number) => v.toFixed(1),
                  },
                ]}
              />
            </Card>
          </Col>
        </Row>
      )}
    </div>
  );
}
