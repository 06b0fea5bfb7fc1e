import { playerEndpoints } from '@rookery/contracts';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '../../api/endpoint-query';
import { ActionForm } from '../../crud/ActionForm';
import type { Field } from '../../crud/fields';
import { IdListItem, ReasonItem, UntilItem } from '../../crud/form-items';
import { formatTime } from '../../crud/format';
import { ListPage, type ListRow } from '../../crud/ListPage';
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

/** Ban devices (login from them is refused) and lift bans. */
export default function DeviceBanPage() {
  const { t } = useTranslation();
  const banDevices = useEndpointMutation(playerEndpoints.banDevices);
  const unban = useEndpointMutation(playerEndpoints.unbanDevices);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <ActionForm
        title={t('routes.gameUserFrozeDevice')}
        schema={playerEndpoints.banDevices.body!}
        testId="device-ban-form"
        danger
        submitLabel={t('players.banDevices')}
        confirm={(data) => t('players.banDevicesConfirm', { count: data.deviceIds.length })}
        run={async (body) => {
          await banDevices.mutateAsync({ body });
        }}
      >
        {(itemProps) => (
          <>
            <IdListItem itemProps={itemProps} name="deviceIds" label={t('players.deviceIds')} />
            <ReasonItem itemProps={itemProps} label={t('players.reason')} />
            <UntilItem itemProps={itemProps} label={t('players.until')} />
          </>
        )}
      </ActionForm>
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
