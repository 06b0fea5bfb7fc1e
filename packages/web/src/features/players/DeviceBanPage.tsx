import { playerEndpoints } from '@rookery/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/request';
import type { Field } from '../../crud/fields';
import { formatTime } from '../../crud/format';
import { ListPage } from '../../crud/ListPage';
import { ActionForm } from './ActionForm';
import { IdListItem, ReasonItem, UntilItem } from './form-items';

type DeviceBan = Awaited<ReturnType<typeof loadBans>>['list'][number];
const loadBans = (query: { page: number; pageSize: number; deviceId?: string }) =>
  api(playerEndpoints.listDeviceBans, { query });

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
  const queryClient = useQueryClient();
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
          await api(playerEndpoints.banDevices, { body });
          await queryClient.invalidateQueries({ queryKey: ['device-bans'] });
        }}
      >
        {(itemProps) => (
          <>
            <IdListItem itemProps={itemProps} name="deviceIds" label={t('players.deviceIds')} />
            <ReasonItem itemProps={itemProps} />
            <UntilItem itemProps={itemProps} label={t('players.until')} />
          </>
        )}
      </ActionForm>
      <ListPage<DeviceBan>
        queryKey="device-bans"
        fields={fields}
        rowKey="deviceId"
        load={async ({ page, pageSize, filters }) => {
          const data = await loadBans({ page, pageSize, deviceId: filters.deviceId });
          return { rows: data.list, total: data.pagination.total };
        }}
        rowActions={(row) => [
          {
            key: 'unban',
            label: t('players.unbanDevice'),
            confirm: () => t('players.unbanDeviceConfirm', { deviceId: row.deviceId }),
            run: () => api(playerEndpoints.unbanDevices, { body: { deviceIds: [row.deviceId] } }),
          },
        ]}
      />
    </Space>
  );
}
