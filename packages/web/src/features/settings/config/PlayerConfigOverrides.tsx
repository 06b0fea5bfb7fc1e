import { configEndpoints } from '@rookery/contracts';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../../api/endpoint-query';
import { ValueView } from '../../../crud/resource/ValueView';
import { OverrideEnd } from './overrides';
import './texts';

/** The player detail page's "Config overrides" tab: the tester overrides naming this player, ended ones too. */
export function PlayerConfigOverrides({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const list = useEndpointQuery(configEndpoints.configPlayerOverrides, { params: { userId } });
  return (
    <Table
      size="small"
      rowKey="name"
      loading={list.isLoading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={list.data?.list ?? []}
      locale={{ emptyText: t('settings.configOverride.none') }}
      data-testid="player-config-overrides"
      columns={[
        { key: 'name', dataIndex: 'name', title: t('settings.configOverride.name') },
        { key: 'field', dataIndex: 'field', title: t('settings.configOverride.field') },
        {
          key: 'value',
          title: t('settings.configOverride.value'),
          render: (_, o) => <ValueView value={o.value} compact={typeof o.value === 'object'} />,
        },
        {
          key: 'endAt',
          title: t('settings.configOverride.endAt'),
          render: (_, o) => <OverrideEnd endAt={o.endAt} active={o.active} />,
        },
        { key: 'description', dataIndex: 'description', title: t('settings.configOverride.description') },
      ]}
    />
  );
}
