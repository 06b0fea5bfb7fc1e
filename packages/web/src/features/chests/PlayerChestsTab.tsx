import { type ChestKind, chestEndpoints, gameLabel, type PlayerChest } from '@rookery/contracts';
import { App, Button, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMayCall } from '../../access/useCan';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpoint-query';
import { useConfirm } from '../../crud/Consequence';
import { formatNumber } from '../../crud/format';
import { currentLocale } from '../../i18n';
import { rewardsText } from '../shared/RewardsEditor';
import './texts';

/** A player's chests held and pity counters per kind; an operator may reset a counter (confirmed, audited). */
export default function PlayerChestsTab({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const chests = useEndpointQuery(chestEndpoints.getPlayerChests, { params: { userId } });
  const reset = useEndpointMutation(chestEndpoints.resetChestPity);
  const mayReset = useMayCall()(chestEndpoints.resetChestPity);
  const confirm = useConfirm();
  const { message } = App.useApp();
  return (
    <Table<PlayerChest>
      size="small"
      rowKey="kind"
      pagination={false}
      loading={chests.isPending}
      dataSource={chests.data?.list ?? []}
      locale={{ emptyText: t('chest.tabEmpty') }}
      data-testid="player-chests"
      columns={[
        { title: t('chest.reward'), render: (_, r) => gameLabel(r.kind, locale) },
        { title: t('chest.held'), align: 'right', render: (_, r) => formatNumber(r.held) },
        { title: t('chest.counter'), align: 'right', render: (_, r) => formatNumber(r.counter) },
        {
          title: t('chest.pityOf'),
          render: (_, r) =>
            r.pityReward ? t('chest.pityRule', { reward: rewardsText([r.pityReward]), n: r.pityWithin }) : '–',
        },
        ...(mayReset
          ? [
              {
                key: 'actions',
                render: (_: unknown, r: PlayerChest) => (
                  <Button
                    size="small"
                    danger
                    disabled={r.counter === 0}
                    data-testid={`chest-reset-${r.kind}`}
                    onClick={() =>
                      void confirm(
                        {
                          title: t('chest.resetTitle', { userId, kind: gameLabel(r.kind, locale) }),
                          rows: [{ label: t('chest.counter'), value: t('chest.resetFacts', { counter: r.counter }) }],
                          okText: t('chest.resetOk'),
                        },
                        async () => {
                          await reset.mutateAsync({ params: { userId }, body: { kind: r.kind as ChestKind } });
                          void message.success(t('chest.resetDone'));
                        },
                      )
                    }
                  >
                    {t('chest.resetOne')}
                  </Button>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
