import {
  type AuditEntry,
  type DashboardCard,
  type DashboardRange,
  dashboardCardRules,
  dashboardEndpoints,
  dashboardRanges,
  type EndpointResponse,
  type MailScope,
  ONLINE_WINDOW_MINUTES,
  STARTING_SOON_HOURS,
} from '@rookery/contracts';
import { Card, Col, Empty, List, Row, Segmented, Skeleton, Space, Statistic, Typography, theme } from 'antd';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../access/session';
import { useCan } from '../../access/useCan';
import { useEndpointQuery } from '../../api/endpoint-query';
import { formatTime } from '../../crud/format';
import { currentLocale } from '../../i18n';
import { dayjs } from '../../i18n/dayjs';
import type { ChartOption } from '../../ui/chart/Chart';
import { categoryChart } from '../../ui/chart/chart-options';
import { AuditSentence, usePageLink } from '../shared/AuditSentence';
import './texts';

/** The list of each mail scope: its title names the scope, and it is where a reader who may not edit goes. */
const mailScopeLists: Record<MailScope, string> = {
  personal: 'emailList',
  global: 'emailGlobal',
  comeback: 'emailComeback',
};

/** ECharts is the largest part of the home: the counters show while its own chunk loads. */
const LazyChart = lazy(() => import('../../ui/chart/Chart'));
const CHART_HEIGHT = 260;

/**
 * A chart and its text alternative: the canvas is hidden from screen readers, and the same
 * figures follow as a table (categories by series) behind a "show as table" summary.
 */
function Chart(props: { option: ChartOption; testId: string; title: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const categories = (props.option.xAxis as { data: string[] }).data;
  const series = props.option.series as { name: string; data: number[] }[];
  const cell = {
    padding: '2px 8px',
    textAlign: 'end',
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
  } as const;
  return (
    <>
      <div aria-hidden="true">
        <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: CHART_HEIGHT }} />}>
          <LazyChart option={props.option} testId={props.testId} height={CHART_HEIGHT} />
        </Suspense>
      </div>
      <details data-testid={`${props.testId}-table`} style={{ marginTop: 8 }}>
        <summary style={{ cursor: 'pointer', color: token.colorLink }}>{t('dashboard.asTable')}</summary>
        <div style={{ overflowX: 'auto' }}>
          <table style={{ borderCollapse: 'collapse', marginTop: 8 }}>
            <caption style={{ textAlign: 'start', color: token.colorTextSecondary }}>{props.title}</caption>
            <thead>
              <tr>
                <th scope="col" style={{ ...cell, textAlign: 'start' }}>
                  {t('dashboard.when')}
                </th>
                {series.map((s) => (
                  <th scope="col" key={s.name} style={cell}>
                    {s.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {categories.map((category, i) => (
                <tr key={category}>
                  <th scope="row" style={{ ...cell, textAlign: 'start', fontWeight: 'normal' }}>
                    {category}
                  </th>
                  {series.map((s) => (
                    <td key={s.name} style={cell}>
                      {s.data[i]?.toLocaleString(currentLocale())}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}

/** Figures refresh while the page is open: the rollup takes in new logins every half minute. */
const REFRESH_MS = 60_000;

/**
 * The console home, the live-operations overview: players online, active and new players,
 * logins per hour, the queues waiting for someone (suspicions, registrations, scheduled mail) and
 * the latest audit entries. Each card is shown, and its data fetched, only for a role that may
 * read that data (the permission of its endpoint), so nobody meets a 403 here.
 */
export default function ConsolePage() {
  const { t } = useTranslation();
  const user = useSession().data;
  const can = useCan();
  const [range, setRange] = useState<DashboardRange>('today');
  const allowed = Object.fromEntries(
    Object.entries(dashboardCardRules).map(([card, rule]) => [card, can(rule)]),
  ) as Record<DashboardCard, boolean>;
  const live = { refetchInterval: REFRESH_MS, staleTime: REFRESH_MS / 2 };
  const activity = useEndpointQuery(
    dashboardEndpoints.getDashboardActivity,
    { query: { range } },
    { enabled: allowed.activity, placeholderData: (previous) => previous, ...live },
  );
  const moderation = useEndpointQuery(dashboardEndpoints.getDashboardModeration, undefined, {
    enabled: allowed.moderation,
    ...live,
  });
  const registrations = useEndpointQuery(dashboardEndpoints.getDashboardRegistrations, undefined, {
    enabled: allowed.registrations,
    ...live,
  });
  const staff = useEndpointQuery(dashboardEndpoints.getDashboardStaff, undefined, { enabled: allowed.staff, ...live });
  const schedule = useEndpointQuery(dashboardEndpoints.getDashboardSchedule, undefined, {
    enabled: allowed.schedule,
    ...live,
  });
  const audit = useEndpointQuery(dashboardEndpoints.getDashboardAudit, undefined, { enabled: allowed.audit, ...live });
  const pageLink = usePageLink();
  const figures = activity.data;
  const days = figures?.days ?? [];
  const totals = days.reduce(
    (sum, d) => ({
      active: sum.active + d.activePlayers,
      added: sum.added + d.newPlayers,
      logins: sum.logins + d.logins,
    }),
    { active: 0, added: 0, logins: 0 },
  );

  const counter = (key: string, title: ReactNode, body: ReactNode) => (
    <Col key={key} xs={24} sm={12} xl={6}>
      <Card size="small" style={{ height: '100%' }} data-testid={`card-${key}`}>
        <Statistic title={title} value={0} formatter={() => body} />
      </Card>
    </Col>
  );
  const number = (value: number | undefined, loading: boolean) =>
    loading || value === undefined ? '…' : value.toLocaleString();
  /** A count of what waits for an operator, and (when there is any) the link to the page that deals with it. */
  const waiting = (count: number | undefined, loading: boolean, page: string, label: string, note?: ReactNode) => (
    <Space orientation="vertical" size={0}>
      {number(count, loading)}
      {note}
      {Boolean(count) && pageLink(page, {}, label)}
    </Space>
  );

  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="welcome">
          {t('dashboard.welcome', { name: user?.name || user?.username })}
        </Typography.Title>
        {allowed.activity && (
          <Segmented<DashboardRange>
            aria-label={t('dashboard.rangeLabel')}
            data-testid="dashboard-range"
            value={range}
            onChange={setRange}
            options={dashboardRanges.map((r) => ({ value: r, label: t(`dashboard.ranges.${r}`) }))}
          />
        )}
      </Space>
      <Row gutter={[16, 16]}>
        {allowed.activity &&
          counter(
            'online',
            <span title={t('dashboard.onlineNowHint', { minutes: ONLINE_WINDOW_MINUTES })}>
              {t('dashboard.onlineNow')}
            </span>,
            number(figures?.onlineNow, activity.isPending),
          )}
        {allowed.activity &&
          counter(
            'active',
            range === 'today' ? t('dashboard.activeToday') : t('dashboard.activeAverage'),
            number(days.length ? Math.round(totals.active / days.length) : undefined, activity.isPending),
          )}
        {allowed.activity && counter('new', t('dashboard.newPlayers'), number(totals.added, activity.isPending))}
        {allowed.activity && counter('logins', t('dashboard.logins'), number(totals.logins, activity.isPending))}
        {allowed.moderation &&
          counter(
            'suspicions',
            t('dashboard.openSuspicions'),
            waiting(
              moderation.data?.openSuspicions,
              moderation.isPending,
              'gameUserDubiously',
              t('dashboard.review'),
              moderation.data?.oldestOpenAt && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('dashboard.oldestOpen', { time: formatTime(moderation.data.oldestOpenAt) })}
                </Typography.Text>
              ),
            ),
          )}
        {allowed.registrations &&
          counter(
            'registrations',
            t('dashboard.pendingRegistrations'),
            waiting(registrations.data?.pending, registrations.isPending, 'systemAllow', t('dashboard.approve')),
          )}
        {allowed.schedule &&
          counter(
            'scheduled',
            t('dashboard.scheduledMails'),
            number(schedule.data?.scheduledMails, schedule.isPending),
          )}
        {allowed.staff &&
          counter(
            'staff',
            t('dashboard.staff'),
            <Space size="large" wrap>
              <Statistic title={t('dashboard.staffUsers')} value={staff.data?.staffUsers ?? '…'} />
              <Statistic title={t('dashboard.activeStaffUsers')} value={staff.data?.activeStaffUsers ?? '…'} />
              <Statistic title={t('dashboard.roles')} value={staff.data?.roles ?? '…'} />
            </Space>,
          )}
      </Row>
      {allowed.activity && (
        <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
          <Col xs={24} xl={12}>
            <Card
              size="small"
              title={t('dashboard.daily')}
              extra={<Typography.Text type="secondary">{t('dashboard.dailyHint')}</Typography.Text>}
            >
              <DailyChart days={days} />
            </Card>
          </Col>
          <Col xs={24} xl={12}>
            <Card
              size="small"
              title={t('dashboard.hourly')}
              extra={<Typography.Text type="secondary">{t('dashboard.hourlyHint')}</Typography.Text>}
            >
              <HourlyChart hours={figures?.hours ?? []} />
            </Card>
          </Col>
          <Col span={24}>
            <Typography.Text type="secondary" data-testid="activity-updated">
              {figures?.updatedAt
                ? t('dashboard.updatedAt', { time: formatTime(figures.updatedAt) })
                : figures && t('dashboard.notUpdated')}
            </Typography.Text>
          </Col>
        </Row>
      )}
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        {allowed.schedule && (
          <Col xs={24} xl={allowed.audit ? 10 : 24}>
            <Card
              size="small"
              title={t('dashboard.startingSoon', { hours: STARTING_SOON_HOURS })}
              loading={schedule.isPending}
              data-testid="card-starting-soon"
            >
              <List
                size="small"
                dataSource={schedule.data?.startingSoon ?? []}
                locale={{
                  emptyText: (
                    <Empty
                      image={Empty.PRESENTED_IMAGE_SIMPLE}
                      description={t('dashboard.nothingStartingSoon', { hours: STARTING_SOON_HOURS })}
                    />
                  ),
                }}
                renderItem={(mail) => (
                  <List.Item>
                    <Space orientation="vertical" size={0}>
                      {pageLink(
                        'emailEdit',
                        { mailScope: mail.scope, id: String(mail.id) },
                        `#${mail.id} ${mail.title}`,
                      ) ?? pageLink(mailScopeLists[mail.scope], {}, `#${mail.id} ${mail.title}`)}
                      <Typography.Text type="secondary">
                        {t(`routes.${mailScopeLists[mail.scope]}`)} ·{' '}
                        {t('dashboard.startsAt', { time: formatTime(mail.startsAt) })}
                      </Typography.Text>
                    </Space>
                  </List.Item>
                )}
              />
            </Card>
          </Col>
        )}
        {allowed.audit && (
          <Col xs={24} xl={allowed.schedule ? 14 : 24}>
            <Card size="small" title={t('dashboard.recentActivity')} loading={audit.isPending}>
              <List<AuditEntry>
                size="small"
                data-testid="recent-activity"
                dataSource={audit.data ?? []}
                renderItem={(entry) => (
                  <List.Item>
                    <Space wrap size={4}>
                      <Typography.Text type="secondary">{formatTime(entry.at)}</Typography.Text>
                      <Typography.Text strong>{entry.actor ?? '-'}</Typography.Text>
                      <AuditSentence entry={entry} />
                    </Space>
                  </List.Item>
                )}
              />
            </Card>
          </Col>
        )}
      </Row>
    </>
  );
}

type Activity = EndpointResponse<typeof dashboardEndpoints.getDashboardActivity>;

function DailyChart({ days }: { days: Activity['days'] }) {
  const { t } = useTranslation();
  const option = useMemo<ChartOption>(
    () =>
      categoryChart(
        days.map((d) => d.day.slice(5)),
        [
          // A day's series: "active players" per day, not the KPI card's "active today".
          { name: t('dashboard.activePlayers'), type: 'line', data: days.map((d) => d.activePlayers), smooth: true },
          { name: t('dashboard.newPlayers'), type: 'line', data: days.map((d) => d.newPlayers), smooth: true },
        ],
      ),
    [days, t],
  );
  return <Chart option={option} testId="chart-daily" title={t('dashboard.daily')} />;
}

function HourlyChart({ hours }: { hours: Activity['hours'] }) {
  const { t } = useTranslation();
  const option = useMemo<ChartOption>(() => {
    const label = hours.length > 24 ? 'MM-DD HH:00' : 'HH:00';
    return categoryChart(
      hours.map((h) => dayjs(h.hour).format(label)),
      [
        { name: t('dashboard.logins'), type: 'bar', data: hours.map((h) => h.logins) },
        { name: t('dashboard.newPlayers'), type: 'bar', data: hours.map((h) => h.newPlayers) },
      ],
    );
  }, [hours, t]);
  return <Chart option={option} testId="chart-hourly" title={t('dashboard.hourly')} />;
}
