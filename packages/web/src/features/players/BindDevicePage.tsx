import { playerEndpoints } from '@rookery/contracts';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '../../api/endpoint-query';
import type { Field } from '../../crud/fields';
import { ListPage, type ListRow } from '../../crud/ListPage';
import './texts';

type Device = ListRow<typeof playerEndpoints.listPlayerDevices>;

const fields: Field<Device>[] = [
  { name: 'userId', title: 'players.userId', search: 'text', column: false, detail: false },
  { name: 'deviceId', title: 'players.deviceId' },
  { name: 'boundAt', title: 'players.boundAt', kind: 'time' },
  { name: 'banned', title: 'players.banned', kind: 'boolean' },
];

/** The devices bound to a player; unbinding one makes it sign in as a new player next time. */
export default function BindDevicePage() {
  const { t } = useTranslation();
  const unbind = useEndpointMutation(playerEndpoints.unbindDevice);
  return (
    <ListPage
      endpoint={playerEndpoints.listPlayerDevices}
      fields={fields}
      rowKey="deviceId"
      detail={false}
      // The devices of the player searched for: that player is the one they are unbound from.
      rowActions={(row, { query }) => [
        {
          key: 'unbind',
          label: t('players.unbind'),
          danger: true,
          confirm: () => t('players.unbindConfirm', { deviceId: row.deviceId }),
          run: () => unbind.mutateAsync({ body: { userId: query.userId, deviceId: row.deviceId } }),
        },
      ]}
    />
  );
}
