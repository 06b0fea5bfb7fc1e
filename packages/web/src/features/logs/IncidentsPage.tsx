import { incidentStates, logEndpoints } from '@rookery/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMayCall } from '../../access/useCan';
import { useEndpointCall, useEndpointQuery } from '../../api/endpoint-query';
import type { Field } from '../../crud/fields';
import { formatTime } from '../../crud/format';
import { ListPage, type ListRow } from '../../crud/ListPage';
import { SmallTable } from '../../crud/SmallTable';
import Chart, { type ChartOption } from '../../ui/chart/Chart';
import { logKindField } from './log-fields';
import './texts';

type Incident = ListRow<typeof logEndpoints.incidentList>;

const stateColor = { open: 'red', resolved: 'green', ignored: 'default' } as const;

/** Counts per key, largest first: `1.4.0 (30), 1.5.0 (2)`. */
const countsText = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} (${n})`)
    .join(', ') || '-';

/** The detail drawer's body: the latest entries and the last day's entries per hour. */
function IncidentDetail({ id, kind }: { id: number; kind: Incident['kind'] }) {
  const { t } = useTranslation();
  const detail = useEndpointQuery(logEndpoints.incidentGet, { params: { id }, query: { kind } });
  const data = detail.data;
  if (!data) return null;
  const option: ChartOption = {
    tooltip: { trigger: 'axis' },
    grid: { left: 40, right: 8, top: 16, bottom: 28 },
    xAxis: { type: 'category', data: data.hourly.map((h) => formatTime(h.hour).slice(5, 16)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ name: t('logs.count'), type: 'bar', data: data.hourly.map((h) => h.count) }],
  };
  return (
    <div data-testid="incident-detail">
      <div aria-hidden="true">
        <Chart option={option} height={180} testId="chart-incident-hourly" />
      </div>
      <SmallTable
        rowKey="id"
        dataSource={data.samples}
        columns={[
          { key: 'at', dataIndex: 'at', title: t('logs.at'), render: (v: string) => formatTime(v) },
          { key: 'u', dataIndex: 'userId', title: t('logs.userId') },
          { key: 'v', dataIndex: 'appVersion', title: t('logs.appVersion') },
          { key: 'm', dataIndex: 'message', title: t('logs.message'), ellipsis: true, width: 280 },
        ]}
      />
    </div>
  );
}

const fields: Field<Incident>[] = [
  { name: 'title', title: 'logs.incidentTitle', width: 360 },
  logKindField,
  {
    name: 'state',
    title: 'logs.state',
    search: 'select',
    options: incidentStates.map((value) => ({ value, label: `logs.states.${value}`, color: stateColor[value] })),
  },
  {
    name: 'regression',
    title: 'logs.regression',
    render: (row, t) => (row.regression ? <Tag color="volcano">{t('logs.regression')}</Tag> : '-'),
  },
  { name: 'count', title: 'logs.count', kind: 'number' },
  { name: 'players', title: 'logs.players', kind: 'number' },
  { name: 'appVersion', title: 'logs.appVersion', search: 'text', column: false, detail: false },
  { name: 'appVersions', title: 'logs.appVersions', render: (row) => countsText(row.appVersions) },
  { name: 'oses', title: 'logs.os', column: false, render: (row) => countsText(row.oses) },
  { name: 'lastSeen', title: 'logs.lastSeen', kind: 'time' },
  { name: 'firstSeen', title: 'logs.firstSeen', kind: 'time', column: false },
  { name: 'resolvedVersion', title: 'logs.resolvedVersion', column: false },
  { name: 'sample', title: 'logs.sample', column: false },
  {
    name: 'id',
    title: 'logs.entries',
    column: false,
    detailRender: (row) => <IncidentDetail id={row.id} kind={row.kind} />,
  },
];

/**
 * Incidents: errors grouped by fingerprint, most recently seen first; resolve, ignore or reopen
 * (a resolved incident seen in a newer app version opens again as a regression). The actions are
 * offered on the rows whose kind the user may change (the endpoint's rule by kind), not to every
 * reader.
 */
export default function IncidentsPage() {
  const { t } = useTranslation();
  const call = useEndpointCall();
  const mayCall = useMayCall();
  const setState = (row: Incident, state: Incident['state']) =>
    call(logEndpoints.incidentSetState, { params: { id: row.id }, body: { state, kind: row.kind } });
  return (
    <ListPage
      endpoint={logEndpoints.incidentList}
      fields={fields}
      rowActions={(row) =>
        !mayCall(logEndpoints.incidentSetState, row.kind)
          ? []
          : row.state === 'open'
            ? [
                { key: 'resolve', label: t('logs.resolve'), run: () => setState(row, 'resolved') },
                { key: 'ignore', label: t('logs.ignore'), run: () => setState(row, 'ignored') },
              ]
            : [{ key: 'reopen', label: t('logs.reopen'), run: () => setState(row, 'open') }]
      }
    />
  );
}
