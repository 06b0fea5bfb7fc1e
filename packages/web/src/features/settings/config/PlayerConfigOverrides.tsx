import { abtestEndpoints, configEndpoints, experimentStatusLabels, pathTo } from '@rookery/contracts';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMayCall } from '../../../access/useCan';
import { useEndpointQuery } from '../../../api/endpoint-query';
import { ValueView } from '../../../crud/resource/ValueView';
import { SmallTable } from '../../../crud/SmallTable';
import { currentLocale } from '../../../i18n';
import { OverrideEnd } from './overrides';
import './texts';

/** The experiments that force this player's variation (forced test players), for who may read experiments. */
function ForcedExperiments({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const list = useEndpointQuery(abtestEndpoints.experimentsForcingPlayer, { params: { userId } });
  return (
    <SmallTable
      rowKey="experiment"
      loading={list.isLoading}
      title={() => t('settings.configOverride.forcedTitle')}
      dataSource={list.data?.list ?? []}
      locale={{ emptyText: t('settings.configOverride.forcedNone') }}
      data-testid="player-forced-experiments"
      columns={[
        {
          key: 'experiment',
          title: t('settings.configOverride.forcedExperiment'),
          render: (_, e) => (
            <Link to={pathTo('abtestExperimentDetail', undefined, { key: e.experiment })}>
              {e.name || e.experiment}
            </Link>
          ),
        },
        {
          key: 'status',
          title: t('settings.configOverride.forcedStatus'),
          render: (_, e) => <Tag>{experimentStatusLabels[e.status][currentLocale()]}</Tag>,
        },
        { key: 'variation', dataIndex: 'variationName', title: t('settings.configOverride.forcedVariation') },
      ]}
    />
  );
}

/**
 * The player detail page's "Config overrides" tab: the tester overrides naming this player, ended
 * ones too, and the experiments that force the player's variation.
 */
export function PlayerConfigOverrides({ userId }: { userId: number }) {
  const mayCall = useMayCall();
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Overrides userId={userId} />
      {mayCall(abtestEndpoints.experimentsForcingPlayer) && <ForcedExperiments userId={userId} />}
    </Space>
  );
}

function Overrides({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const list = useEndpointQuery(configEndpoints.configPlayerOverrides, { params: { userId } });
  return (
    <SmallTable
      rowKey="name"
      loading={list.isLoading}
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
