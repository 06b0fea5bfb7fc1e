import { playerEndpoints } from '@rookery/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../api/request';
import type { Field } from '../../crud/fields';
import { ListPage } from '../../crud/ListPage';
import { userIdFilter } from './player-fields';
import './texts';

interface Device {
  deviceId: string;
  boundAt: string;
  banned: boolean;
  userId: number;
}

const fields: Field<Device>[] = [
  { name: 'userId', title: 'players.userId', search: 'text' },
  { name: 'deviceId', title: 'players.deviceId' },
  { name: 'boundAt', title: 'players.boundAt', kind: 'time' },
  { name: 'banned', title: 'players.banned', kind: 'boolean' },
];

/** The devices bound to a player; unbinding one makes it log in as a new player next time. */
export default function BindDevicePage() {
  const { t } = useTranslation();
  const userId = useSearchParams()[0].get('userId') ?? undefined;
  return (
    <ListPage<Device>
      queryKey="player-devices"
      fields={fields}
      rowKey="deviceId"
      detail={false}
      initialSearch={{ userId }}
      load={async ({ filters }) => {
        const id = userIdFilter(filters.userId);
        if (!id) return { rows: [], total: 0 };
        const devices = await api(playerEndpoints.listPlayerDevices, { query: { userId: id } });
        return { rows: devices.map((d) => ({ ...d, userId: id })), total: devices.length };
      }}
      rowActions={(row) => [
        {
          key: 'unbind',
          label: t('players.unbind'),
          danger: true,
          confirm: () => t('players.unbindConfirm', { deviceId: row.deviceId }),
          run: () => api(playerEndpoints.unbindDevice, { body: { userId: row.userId, deviceId: row.deviceId } }),
        },
      ]}
    />
  );
}
