import { playerEndpoints } from '@rookery/contracts';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '../../api/endpoint-query';
import type { Field } from '../../crud/fields';
import { formatTime } from '../../crud/format';
import { ListPage, type ListRow } from '../../crud/ListPage';
import { type PlayerAction, PlayerActionForm } from './player-action';
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

/** Ban devices (login from them is refused) and lift bans. */
export default function DeviceBanPage() {
  const { t } = useTranslation();
  const unban = useEndpointMutation(playerEndpoints.unbanDevices);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <PlayerActionForm action={banDevices} />
      <ListPage
        endpoint={playerEndpoints.listDeviceBans}
        fields={fields}
        rowKey="deviceId"
        rowActions={(row) => [
          {
            key: 'unban',
            label: t('players.unbanDevice'),
            confirm: () => t('players.unbanDeviceConfirm', { deviceId: row.deviceId }),
            run: () => unban.mutateAsync({ body: { deviceIds: [row.deviceId] } }),
          },
        ]}
      />
    </Space>
  );
}
