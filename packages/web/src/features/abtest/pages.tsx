import {
  abLayerResource,
  abtestEndpoints,
  abtestExposureEndpoints,
  type Experiment,
  type ExperimentResults,
  endHasPassed,
  experimentResource,
  isRateMetric,
  LAYER_BUCKETS,
  type LayerBuckets,
  metricLabel,
  operatingSystemLabels,
  parseMetric,
  pathTo,
  resourceFieldLabel,
  type StoredConditionRule,
  translate,
} from '@rookery/contracts';
import { Alert, App, Button, Card, Descriptions, Empty, Select, Space, Typography } from 'antd';
import { type ComponentType, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMayCall } from '../../access/useCan';
import { useEndpointQuery } from '../../api/endpoint-query';
import { formatNumber, formatTime } from '../../crud/format';
import { endpointsOf } from '../../crud/resource/endpoints';
import { resourcePages } from '../../crud/resource/pages';
import { ResourceForm } from '../../crud/resource/ResourceForm';
import { ResourcePicker } from '../../crud/resource/ResourcePicker';
import { type ResourceItem, type ResourceScreen, resourceScreen } from '../../crud/resource/screen';
import { SmallTable } from '../../crud/SmallTable';
import { currentLocale } from '../../i18n';
import Chart, { type ChartOption } from '../../ui/chart/Chart';
import { categoryChart } from '../../ui/chart/chart-options';
import { ErrorPage } from '../../ui/ErrorPage';
import { PageSpinner } from '../../ui/PageSpinner';
import { ConditionsView } from '../shared/RecordViews';
import {
  detailPath,
  experimentScreen,
  percentText,
  StatusTag,
  trafficScreen,
  variationScreen,
  variationsText,
} from './experiment';
import './texts';

/** An experiment field's name in the operator's language (the declaration's, else the shared vocabulary's). */
const experimentLabel = (field: string) => resourceFieldLabel(experimentResource, field)?.[currentLocale()];

export const layerScreen = resourceScreen({
  resource: abLayerResource,
  entity: 'abtest.layerEntity',
  fields: ['name', 'description'],
  blank: { description: '' },
});

/** A page about one experiment (`?key=`): without one, a picker of experiments. */
function WithExperiment({
  route,
  children,
}: {
  route: Parameters<typeof pathTo>[0];
  children: (key: string) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const key = useSearchParams()[0].get('key');
  if (key) return <>{children(key)}</>;
  return (
    <Card title={t('abtest.noExperiment')}>
      <Space wrap>
        <label htmlFor="experiment-pick">{t('abtest.pick')}</label>
        <ResourcePicker
          resource={experimentResource}
          id="experiment-pick"
          style={{ width: 320, maxWidth: '100%' }}
          testId="experiment-pick"
          onChange={(k) => k && navigate(pathTo(route, undefined, { key: k }))}
        />
      </Space>
    </Card>
  );
}

/** The variations or traffic page: the kit's form with the page's part of the experiment. */
function PartPage({
  screen,
  title,
  route,
}: {
  screen: ResourceScreen;
  title: string;
  route: 'abtestVariation' | 'abtestTraffic';
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  return (
    <WithExperiment route={route}>
      {(key) => (
        <PartForm
          screen={screen}
          experiment={key}
          title={t(title, { key })}
          onSaved={() => {
            message.success(t(route === 'abtestTraffic' ? 'abtest.traffic.saved' : 'abtest.variationPage.saved'));
            navigate(detailPath(key));
          }}
        />
      )}
    </WithExperiment>
  );
}

function PartForm({
  screen,
  experiment,
  title,
  onSaved,
}: {
  screen: ResourceScreen;
  experiment: string;
  title: string;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const item = useEndpointQuery(
    endpointsOf(experimentResource).get,
    { params: { key: experiment } },
    { select: (answer) => answer as ResourceItem<typeof experimentResource> },
  );
  if (item.isError) return <ErrorPage status={404} />;
  if (!item.data) return <PageSpinner />;
  return (
    <Card title={title} style={{ maxWidth: 860 }}>
      <ResourceForm
        screen={screen}
        item={item.data}
        onSaved={onSaved}
        beside={<Link to={detailPath(experiment)}>{t('common.back')}</Link>}
      />
    </Card>
  );
}

export function VariationPage() {
  return <PartPage screen={variationScreen} title="abtest.variationPage.title" route="abtestVariation" />;
}

export function TrafficPage() {
  return <PartPage screen={trafficScreen} title="abtest.traffic.title" route="abtestTraffic" />;
}

/** An os as the operator reads it (iOS, Android); an unknown one as the game sent it. */
const osName = (os: string) => operatingSystemLabels[os as keyof typeof operatingSystemLabels] ?? os;

const fixed = (n: number | null | undefined, digits = 4) =>
  n === null || n === undefined ? '-' : formatNumber(Number(n.toFixed(digits)));
const asPercent = (n: number | null | undefined) => (n === null || n === undefined ? '-' : percentText(n * 100));
const interval = (ci: [number, number] | null, show: (n: number) => string) =>
  ci ? `${show(ci[0])} … ${show(ci[1])}` : '-';

/** One metric per variation against control: a table a screen reader reads as well as anyone. */
function MetricTable({
  metric,
  rows,
  names,
  testId,
}: {
  metric: string;
  rows: ExperimentResults['metrics'][number]['rows'];
  names: string[];
  testId: string;
}) {
  const { t } = useTranslation();
  const parsed = parseMetric(metric);
  const rate = parsed ? isRateMetric(parsed) : false;
  const value = (n: number) => (rate ? asPercent(n) : fixed(n));
  return (
    <SmallTable
      rowKey="variation"
      data-testid={testId}
      title={() => metricLabel(metric)[currentLocale()]}
      dataSource={rows}
      columns={[
        { title: t('abtest.detail.variation'), render: (_, r) => names[r.variation] ?? r.variation },
        { title: t('abtest.detail.n'), render: (_, r) => formatNumber(r.n) },
        { title: t('abtest.detail.mean'), render: (_, r) => (r.mean === null ? '-' : value(r.mean)) },
        { title: t('abtest.detail.ci'), render: (_, r) => interval(r.ci, value) },
        { title: t('abtest.detail.uplift'), render: (_, r) => asPercent(r.uplift) },
        { title: t('abtest.detail.upliftCi'), render: (_, r) => interval(r.upliftCi, (n) => asPercent(n)) },
        { title: t('abtest.detail.pValue'), render: (_, r) => fixed(r.pValue) },
        { title: t('abtest.detail.chance'), render: (_, r) => asPercent(r.chanceToBeat) },
      ]}
    />
  );
}

/**
 * The planned start and end (outside them no player is assigned), an end already passed said as
 * such: the detail and the results show them.
 */
function plannedWindow(e: Experiment) {
  const ended = endHasPassed(e.endAt, Date.now());
  return (['startAt', 'endAt'] as const).map((field) => {
    const at = e[field];
    const text = at ? formatTime(at) : '-';
    const passed = field === 'endAt' && ended ? `${text} (${translate('abtest.endInPast', currentLocale())})` : text;
    return {
      key: field,
      label: experimentLabel(field),
      text: passed,
      children: <span data-testid={`experiment-${field}`}>{passed}</span>,
    };
  });
}

/** The results of a phase: exposures and SRM, each metric, segments and the daily cumulative chart. */
function Results({ experiment, phase, names }: { experiment: Experiment; phase: number | undefined; names: string[] }) {
  const { t } = useTranslation();
  const results = useEndpointQuery(abtestEndpoints.experimentResults, {
    params: { key: experiment.key },
    query: { phase },
  });
  const r = results.data;
  const chart = useMemo((): ChartOption | null => {
    if (!r || r.daily.length === 0) return null;
    const first = experiment.metrics[0];
    const values = (i: number) =>
      r.daily.map((d) => (first && d.metrics[first] ? (d.metrics[first][i] ?? null) : d.exposed[i]));
    return categoryChart(
      r.daily.map((d) => d.day),
      names.map((name, i) => ({ name, type: 'line', data: values(i) })),
      { counts: false },
    );
  }, [r, names, experiment.metrics]);
  if (results.isPending) return <PageSpinner />;
  if (!r) return <Alert type="error" showIcon title={t('abtest.impact.failed')} />;
  const exposed = r.variations.reduce((s, v) => s + v.exposed, 0);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="experiment-results">
      {exposed === 0 ? (
        <Alert type="info" showIcon title={t('abtest.detail.noResults')} />
      ) : (
        r.srm && (
          <Alert
            type={r.srm.flagged ? 'error' : 'success'}
            showIcon
            data-testid="experiment-srm"
            title={t(r.srm.flagged ? 'abtest.detail.srmFlagged' : 'abtest.detail.srmOk', {
              p: r.srm.pValue < 0.0001 ? r.srm.pValue.toExponential(2) : fixed(r.srm.pValue),
            })}
          />
        )
      )}
      <SmallTable
        rowKey="index"
        data-testid="experiment-exposed"
        dataSource={r.variations}
        columns={[
          { title: t('abtest.detail.variation'), dataIndex: 'name' },
          { title: t('abtest.detail.weight'), render: (_, v) => asPercent(v.weight) },
          { title: t('abtest.detail.exposed'), render: (_, v) => formatNumber(v.exposed) },
        ]}
      />
      {r.metrics.map((m) => (
        <MetricTable key={m.metric} metric={m.metric} rows={m.rows} names={names} testId={`metric-${m.metric}`} />
      ))}
      {r.segments.length > 0 && (
        <SmallTable
          rowKey={(s) => `${s.kind}:${s.segment}`}
          title={() => t('abtest.detail.segments')}
          dataSource={r.segments}
          columns={[
            {
              title: t('abtest.detail.segment'),
              render: (_, s) =>
                `${t(`abtest.detail.${s.kind}`)}: ${(s.kind === 'os' ? osName(s.segment) : s.segment) || '-'}`,
            },
            ...names.map((name, i) => ({
              title: `${name} · ${t('abtest.detail.exposed')}`,
              render: (_: unknown, s: ExperimentResults['segments'][number]) => formatNumber(s.exposed[i] ?? 0),
            })),
            ...r.metrics.map((m) => ({
              title: metricLabel(m.metric)[currentLocale()],
              render: (_: unknown, s: ExperimentResults['segments'][number]) => {
                const rows = s.metrics.find((x) => x.metric === m.metric)?.rows ?? [];
                const parsed = parseMetric(m.metric);
                const show = (n: number | null) =>
                  n === null ? '-' : parsed && isRateMetric(parsed) ? asPercent(n) : fixed(n);
                return rows.map((x) => show(x.mean)).join(' / ');
              },
            })),
          ]}
        />
      )}
      <Typography.Title level={5}>{t('abtest.detail.daily')}</Typography.Title>
      {chart ? (
        <>
          <Chart option={chart} height={240} testId="experiment-daily-chart" />
          <SmallTable
            rowKey="day"
            dataSource={r.daily}
            columns={[
              { title: t('abtest.detail.day'), dataIndex: 'day' },
              ...names.map((name, i) => ({
                title: `${name} · ${t('abtest.detail.exposed')}`,
                render: (_: unknown, d: ExperimentResults['daily'][number]) => formatNumber(d.exposed[i] ?? 0),
              })),
            ]}
          />
        </>
      ) : (
        <Typography.Text type="secondary">{t('abtest.detail.noDaily')}</Typography.Text>
      )}
    </Space>
  );
}

/** The newest exposures, a page at a time (keyset). */
function Exposures({ experiment, phase, names }: { experiment: string; phase: number | undefined; names: string[] }) {
  const { t } = useTranslation();
  const [after, setAfter] = useState<string[]>([]);
  const page = useEndpointQuery(abtestExposureEndpoints.experimentExposures, {
    params: { key: experiment },
    query: { phase, after: after.at(-1), limit: 20 },
  });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <SmallTable
        rowKey={(x) => `${x.userId}`}
        loading={page.isPending}
        data-testid="experiment-exposures"
        dataSource={page.data?.items ?? []}
        columns={[
          {
            title: t('abtest.detail.userId'),
            render: (_, x) => (
              <Link to={pathTo('gameUserDetail', undefined, { userId: String(x.userId) })}>{x.userId}</Link>
            ),
          },
          { title: t('abtest.detail.variation'), render: (_, x) => names[x.variation] ?? x.variation },
          { title: t('abtest.detail.os'), render: (_, x) => (x.os ? osName(x.os) : '-') },
          { title: t('abtest.detail.country'), render: (_, x) => x.country ?? '-' },
          { title: t('abtest.detail.at'), render: (_, x) => formatTime(x.at) },
        ]}
      />
      <Space>
        {after.length > 0 && <Button onClick={() => setAfter(after.slice(0, -1))}>{t('common.back')}</Button>}
        {page.data?.next && (
          <Button onClick={() => setAfter([...after, page.data?.next ?? ''])}>{t('abtest.detail.more')}</Button>
        )}
      </Space>
    </Space>
  );
}

function Detail({ experimentKey }: { experimentKey: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const mayEdit = useMayCall()(endpointsOf(experimentResource).update);
  const item = useEndpointQuery(endpointsOf(experimentResource).get, { params: { key: experimentKey } });
  if (item.isError) return <ErrorPage status={404} />;
  if (!item.data) return <PageSpinner />;
  const e = item.data as ResourceItem<typeof experimentResource> & Experiment;
  const names = e.variations.map((v) => v.name);
  const asked = Number(params.get('phase'));
  const phase = Number.isInteger(asked) && asked >= 1 && asked <= e.phase ? asked : undefined;
  const link = (route: 'abtestExperimentEdit' | 'abtestVariation' | 'abtestTraffic', label: string) => (
    <Button onClick={() => navigate(pathTo(route, undefined, { key: e.key }))}>{label}</Button>
  );
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Card
        title={t('abtest.detail.title', { key: e.key })}
        extra={
          mayEdit && (
            <Space wrap>
              {link('abtestExperimentEdit', t('abtest.detail.edit'))}
              {link('abtestVariation', t('abtest.detail.variations'))}
              {link('abtestTraffic', t('abtest.detail.traffic'))}
            </Space>
          )
        }
      >
        <Descriptions
          size="small"
          bordered
          column={1}
          data-testid="experiment-detail"
          items={[
            { key: 'name', label: t('abtest.experimentEntity'), children: e.name },
            {
              key: 'status',
              label: experimentLabel('status'),
              children: <StatusTag status={e.status} />,
            },
            { key: 'layer', label: experimentLabel('layer'), children: e.layer },
            {
              key: 'coverage',
              label: experimentLabel('coverage'),
              children: percentText(e.coverage),
            },
            {
              key: 'variations',
              label: experimentLabel('variations'),
              children: variationsText(e.variations),
            },
            {
              key: 'fields',
              label: experimentLabel('configFields'),
              children: e.configFields.join(', '),
            },
            {
              key: 'targeting',
              label: experimentLabel('targeting'),
              children: <ConditionsView conditions={e.targeting as StoredConditionRule[]} />,
            },
            ...plannedWindow(e),
            { key: 'owner', label: experimentLabel('owner'), children: e.owner || '-' },
            {
              key: 'hypothesis',
              label: experimentLabel('hypothesis'),
              children: e.hypothesis || '-',
            },
            {
              key: 'metrics',
              label: experimentLabel('metrics'),
              children: e.metrics.map((m) => metricLabel(m)[currentLocale()]).join(', ') || '-',
            },
          ]}
        />
      </Card>
      <Card
        title={t('abtest.detail.results')}
        extra={
          e.phases.length > 1 && (
            <Select
              aria-label={t('abtest.detail.phases')}
              value={phase ?? e.phase}
              style={{ width: 160 }}
              onChange={(p) => setParams((prev) => ({ ...Object.fromEntries(prev), phase: String(p) }))}
              options={e.phases.map((_, i) => ({ value: i + 1, label: t('abtest.detail.phase', { n: i + 1 }) }))}
            />
          )
        }
      >
        <Typography.Paragraph type="secondary" data-testid="experiment-planned">
          {plannedWindow(e)
            .map((item) => `${item.label}: ${item.text}`)
            .join('；')}
        </Typography.Paragraph>
        {e.phases.length > 0 && (
          <Typography.Paragraph type="secondary" data-testid="experiment-phases">
            {e.phases
              .map((p, i) =>
                [
                  t('abtest.detail.phase', { n: i + 1 }),
                  t('abtest.detail.started', { at: formatTime(p.startedAt) }),
                  p.stoppedAt
                    ? t('abtest.detail.stopped', { at: formatTime(p.stoppedAt) })
                    : t('abtest.detail.running'),
                ].join(' '),
              )
              .join('；')}
          </Typography.Paragraph>
        )}
        <Results experiment={e} phase={phase} names={names} />
      </Card>
      {e.phase > 0 && (
        <Card title={t('abtest.detail.exposures')}>
          <Exposures experiment={e.key} phase={phase} names={names} />
        </Card>
      )}
    </Space>
  );
}

export function ExperimentDetailPage() {
  return <WithExperiment route="abtestExperimentDetail">{(key) => <Detail experimentKey={key} />}</WithExperiment>;
}

/** "3,000–4,999" for buckets [3000, 5000). */
export const rangeText = ([a, b]: readonly [number, number]) => `${formatNumber(a)}–${formatNumber(b - 1)}`;

/** The buckets' strip as chart series: one stacked bar segment per range, free ones grey. */
export function bucketSeries(layer: LayerBuckets, freeName: string) {
  const owners = [
    ...layer.experiments.flatMap((e) => e.ranges.map((r) => ({ name: e.name || e.key, range: r }))),
    ...layer.free.map((r) => ({ name: freeName, range: r })),
  ].sort((x, y) => x.range[0] - y.range[0]);
  return owners.map((o) => ({
    name: o.name,
    type: 'bar' as const,
    stack: 'buckets',
    data: [o.range[1] - o.range[0]],
    ...(o.name === freeName ? { itemStyle: { color: '#d9d9d9' } } : {}),
  }));
}

function LayerBucketsCard({ layer }: { layer: LayerBuckets }) {
  const { t } = useTranslation();
  const freeName = t('abtest.bucket.free');
  const option: ChartOption = {
    tooltip: { trigger: 'item' },
    legend: { top: 0 },
    grid: { left: 8, right: 8, top: 32, bottom: 24, containLabel: true },
    xAxis: { type: 'value', max: LAYER_BUCKETS },
    yAxis: { type: 'category', data: [layer.layer], show: false },
    series: bucketSeries(layer, freeName),
  };
  const rows = [
    ...layer.experiments.map((e) => ({
      key: e.key,
      name: e.name || e.key,
      link: true,
      ranges: e.ranges,
      count: e.count,
    })),
    { key: '', name: freeName, link: false, ranges: layer.free, count: layer.freeCount },
  ];
  return (
    <Card title={t('abtest.bucket.chart', { layer: layer.layer })} data-testid={`bucket-layer-${layer.layer}`}>
      <Chart option={option} height={120} testId={`bucket-chart-${layer.layer}`} />
      <SmallTable
        rowKey={(r) => r.key || 'free'}
        dataSource={rows}
        columns={[
          {
            title: t('abtest.bucket.experiment'),
            render: (_, r) => (r.link ? <Link to={detailPath(r.key)}>{r.name}</Link> : r.name),
          },
          { title: t('abtest.bucket.ranges'), render: (_, r) => r.ranges.map(rangeText).join(', ') || '-' },
          { title: t('abtest.bucket.buckets'), render: (_, r) => formatNumber(r.count) },
          { title: t('abtest.bucket.share'), render: (_, r) => percentText((r.count / LAYER_BUCKETS) * 100) },
        ]}
      />
    </Card>
  );
}

export function BucketPage() {
  const { t } = useTranslation();
  const buckets = useEndpointQuery(abtestEndpoints.abtestBuckets, {});
  if (buckets.isPending) return <PageSpinner />;
  const list = buckets.data?.list ?? [];
  if (list.length === 0) return <Empty description={t('abtest.bucket.none')} />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      {list.map((layer) => (
        <LayerBucketsCard key={layer.layer} layer={layer} />
      ))}
    </Space>
  );
}

const experimentPages = resourcePages(experimentScreen);
const layerPages = resourcePages(layerScreen);

/** The A/B test pages by route name, loaded as one chunk (`chunkPages` in `area.ts`). */
export const abtestPages: Record<string, ComponentType> = {
  abtestExperiment: experimentPages.list,
  abtestExperimentEdit: experimentPages.edit,
  abtestExperimentDetail: ExperimentDetailPage,
  abtestVariation: VariationPage,
  abtestTraffic: TrafficPage,
  abtestLayer: layerPages.list,
  abtestBucket: BucketPage,
};
