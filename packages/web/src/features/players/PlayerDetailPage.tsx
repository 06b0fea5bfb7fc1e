import { type Locale, type PlayerDetail, pathTo, playerEndpoints, type RouteName, routeAuth } from '@rookery/contracts';
import { Button, Card, Descriptions, Space, Tabs, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, Suspense, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useCan } from '../../access/useCan';
import { displayValue, wordsText } from '../../crud/fields';
import { formatTime } from '../../crud/format';
import { RecordPage } from '../../crud/RecordPage';
import { SmallTable } from '../../crud/SmallTable';
import { PageSpinner } from '../../ui/PageSpinner';
import { PlayerTabs } from '../shared/player-tabs';
import { PlayerEventList } from './PlayerEventList';
import { playerFields } from './player-fields';
import { StateTables } from './StateTables';
import './texts';

/** The screens a player's page links to; each button shows when its route's rule lets the user in. */
const actions = (
  [
    { key: 'freeze', route: 'gameUserFroze', query: 'userIds', label: 'players.freeze' },
    { key: 'chatBan', route: 'gameUserChatBan', query: 'userIds', label: 'players.chatBan' },
    { key: 'deduct', route: 'gameUserDeduct', query: 'userId', label: 'players.deduct' },
    { key: 'clear', route: 'gameUserClear', query: 'userId', label: 'players.clear' },
    { key: 'snapshot', route: 'gameUserSnapshot', query: 'userId', label: 'players.snapshots' },
    { key: 'archive', route: 'gameUserArchive', query: 'userId', label: 'players.archive' },
  ] satisfies { key: string; route: RouteName; query: string; label: string }[]
).map((a) => ({ ...a, rule: routeAuth(a.route) }));

const eventLogRule = routeAuth('usersLog');

/** What the device sent for os, language or country where it differs from the canonical value shown. */
const reportedOf = (player: PlayerDetail, field: string) =>
  field === 'os' || field === 'language' || field === 'country' ? player.reported[field] : null;

function withReported(value: ReactNode, reported: string | null, t: TFunction): ReactNode {
  if (reported === null) return value;
  return (
    <Space size={4} wrap>
      {value}
      <Typography.Text type="secondary" data-testid="player-reported">
        ({t('players.reportedAs', { value: reported })})
      </Typography.Text>
    </Space>
  );
}

/** One player (`?userId=`): identity, moderation state, the labelled game data, devices and event log. */
export default function PlayerDetailPage() {
  return (
    <RecordPage
      endpoint={playerEndpoints.getPlayerDetail}
      param="userId"
      input={(userId) => ({ query: { userId } })}
      required
    >
      {(detail) => <PlayerView player={Object.values(detail!)[0]} />}
    </RecordPage>
  );
}

function PlayerView({ player }: { player: PlayerDetail }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  // The tabs other areas lend a player's page (`playerTabs` of their `area.ts`), in order.
  const areaTabs = useContext(PlayerTabs);
  // The open tab is part of the address (`tab=orders`), as a list's state is (UX §5): a reload, a
  // pasted link and back show the same tab, and a tab hidden behind the bar's "…" can be linked to.
  const [params, setParams] = useSearchParams();
  const tabs = [
    'state',
    'devices',
    ...(can(eventLogRule) ? ['events'] : []),
    ...areaTabs.filter((a) => can(a.rule)).map((a) => a.key),
  ];
  const asked = params.get('tab');
  const activeKey = asked && tabs.includes(asked) ? asked : 'state';
  const openTab = (key: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (key === 'state') next.delete('tab');
        else next.set('tab', key);
        return next;
      },
      { replace: true },
    );
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="player-detail">
      {/* The actions sit under the title, not beside it: on a phone they squeezed it to nothing. */}
      <Card title={<span data-testid="player-title">{`${t('players.userId')} ${player.userId}`}</span>}>
        <Space wrap style={{ marginBottom: 12 }} data-testid="player-actions">
          {actions
            .filter((a) => can(a.rule))
            .map((a) => (
              <Button
                key={a.key}
                size="small"
                onClick={() => navigate(pathTo(a.route, undefined, { [a.query]: player.userId }))}
              >
                {t(a.label)}
              </Button>
            ))}
        </Space>
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            ...playerFields.map((f) => ({
              key: f.name,
              label: wordsText(t, f.title),
              children: withReported(displayValue(f, player, t), reportedOf(player, f.name), t),
            })),
            { key: 'lastSaveAt', label: t('players.lastSaveAt'), children: formatTime(player.lastSaveAt) },
            { key: 'sessionEpoch', label: t('players.sessionEpoch'), children: player.sessionEpoch },
          ]}
        />
      </Card>
      <Card>
        <Tabs
          activeKey={activeKey}
          onChange={openTab}
          items={[
            { key: 'state', label: t('players.state'), children: <StateTables player={player} /> },
            {
              key: 'devices',
              label: t('players.devices'),
              children: (
                <SmallTable
                  rowKey="deviceId"
                  dataSource={player.devices}
                  columns={[
                    { key: 'deviceId', dataIndex: 'deviceId', title: t('players.deviceId') },
                    {
                      key: 'boundAt',
                      dataIndex: 'boundAt',
                      title: t('players.boundAt'),
                      render: (v: string) => formatTime(v),
                    },
                    {
                      key: 'banned',
                      dataIndex: 'banned',
                      title: t('players.banned'),
                      render: (v: boolean) => (v ? <Tag color="red">{t('players.banned')}</Tag> : '-'),
                    },
                  ]}
                />
              ),
            },
            ...(can(eventLogRule)
              ? [{ key: 'events', label: t('players.events'), children: <PlayerEventList userId={player.userId} /> }]
              : []),
            ...areaTabs
              .filter((a) => can(a.rule))
              .map(({ key, label, Tab }) => ({
                key,
                label: label[i18n.language as Locale],
                children: (
                  <Suspense fallback={<PageSpinner />}>
                    <Tab userId={player.userId} />
                  </Suspense>
                ),
              })),
          ]}
        />
      </Card>
    </Space>
  );
}
