import { operatingSystemLabels, pushEndpoints } from '@rookery/contracts';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../api/endpoint-query';
import { formatTime } from '../../crud/format';
import { SmallTable } from '../../crud/SmallTable';
import './texts';

/** The player page's push tab: the player's devices (newest first) and the topics subscribed. */
export default function PlayerPushTab({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const push = useEndpointQuery(pushEndpoints.playerPush, { params: { userId } });
  const topics = push.data?.topics ?? [];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <SmallTable
        rowKey="tokenHint"
        loading={push.isLoading}
        title={() => t('push.devices.title')}
        dataSource={push.data?.devices ?? []}
        locale={{ emptyText: t('push.devices.none') }}
        data-testid="player-push-devices"
        columns={[
          {
            key: 'platform',
            title: t('push.devices.platform'),
            render: (_, d) => operatingSystemLabels[d.platform],
          },
          { key: 'language', dataIndex: 'language', title: t('push.devices.language') },
          { key: 'timezone', dataIndex: 'timezone', title: t('push.devices.timezone') },
          { key: 'appVersion', dataIndex: 'appVersion', title: t('push.devices.appVersion') },
          { key: 'token', dataIndex: 'tokenHint', title: t('push.devices.token') },
          { key: 'lastSeenAt', title: t('push.devices.lastSeenAt'), render: (_, d) => formatTime(d.lastSeenAt) },
        ]}
      />
      <div data-testid="player-push-topics">
        <Typography.Text strong>{t('push.devices.topics')}: </Typography.Text>
        {topics.length === 0 ? (
          <Typography.Text type="secondary">{t('push.devices.noTopics')}</Typography.Text>
        ) : (
          topics.map((topic) => <Tag key={topic}>{topic}</Tag>)
        )}
      </div>
    </Space>
  );
}
