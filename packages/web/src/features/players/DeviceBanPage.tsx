import { playerEndpoints } from '@rookery/contracts';
import { Space } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '../../api/endpoint-query';
import type { Consequence } from '../../crud/Consequence';
import type { Field } from '../../crud/fields';
import { formatTime } from '../../crud/format';
import { ListPage, type ListRow } from '../../crud/ListPage';
import { type PlayerAction, PlayerActionForm } from './player-action';
import { audienceRows } from './player-consequence';
import './texts';

type DeviceBan = ListRow<typeof playerEndpoints.listDeviceBans>;

const fields: Field<DeviceBan>[] = [
  { name: 'deviceId', title: 'players.deviceId', search: 'text' },
  { name: 'userIds', title: 'players.userId', kind: 'list' },
  { name: 'reason', title: 'players.reason' },
  {
    name: 'until',
    title: 'players.frozenUntil',
    render: (row, t) => (row.until ? formatTime(row.until) : t('players.permanent')),
  },
  { name: 'bannedBy', title: 'players.bannedBy' },
  { name: 'createdAt', title: 'players.createdAt', kind: 'time' },
];

const banDevices: PlayerAction<NonNullable<typeof playerEndpoints.banDevices.body>> = {
  name: 'banDevices',
  endpoint: playerEndpoints.banDevices,
  route: 'gameUserFrozeDevice',
  fields: ['deviceIds', 'reason', 'until'],
};

/** What lifting device bans states: which devices, how many, the button naming the action. */
const unbanConsequence = (t: TFunction, rows: DeviceBan[]): Consequence => {
  const ids = rows.map((r) => r.deviceId);
  return {
    title: t('players.unbanDevicesConfirm', { count: ids.length }),
    rows: audienceRows(t, ids, 'devices'),
    okText: t('players.unbanDevicesOk', { count: ids.length }),
    danger: false,
  };
};

/** Ban devices (login from them is refused) and lift bans, one by one or in a batch. */
export default function DeviceBanPage() {
  const { t } = useTranslation();
  const unban = useEndpointMutation(playerEndpoints.unbanDevices);
  const lift = (rows: DeviceBan[]) => unban.mutateAsync({ body: { deviceIds: rows.map((r) => r.deviceId) } });
  const action = { key: 'unban', label: t('players.unbanDevice') };
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <PlayerActionForm action={banDevices} />
      <ListPage
        endpoint={playerEndpoints.listDeviceBans}
        fields={fields}
        rowKey="deviceId"
        rowActions={(row) => [{ ...action, confirm: () => unbanConsequence(t, [row]), run: () => lift([row]) }]}
        batchActions={[{ ...action, confirm: (rows) => unbanConsequence(t, rows), run: lift }]}
      />
    </Space>
  );
}
