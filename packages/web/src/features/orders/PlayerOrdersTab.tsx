import { type OrderView, orderEndpoints } from '@rookery/contracts';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '../../api/endpoint-query';
import type { RowAction } from '../../crud/actions';
import { ListPage } from '../../crud/ListPage';
import { orderFields } from './fields';

/** The re-delivery of an undelivered order (`PUT /gm/user/order/{id}`), confirmed: who gets what. */
export function useRedeliverAction() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const redeliver = useEndpointMutation(orderEndpoints.redeliverOrder);
  return (row: OrderView): RowAction<OrderView>[] =>
    row.deliveryState === 'verified' || row.deliveryState === 'deadLettered'
      ? [
          {
            key: 'redeliver',
            label: t('orders.redeliver'),
            confirm: () => ({
              title: t('orders.redeliverTitle', { id: row.id, userId: row.userId }),
              rows: [
                { label: t('orders.userId'), value: String(row.userId) },
                { label: t('orders.product'), value: row.productTitle ?? row.productId },
                { label: t('orders.deliveryState'), value: t(`orders.deliveryStates.${row.deliveryState}`) },
                { label: t('orders.rewards'), value: t('orders.redeliverEffect') },
              ],
              okText: t('orders.redeliverOk', { id: row.id }),
              danger: false,
            }),
            run: async () => {
              const answer = await redeliver.mutateAsync({ params: { id: row.id } });
              if (answer.delivered) void message.success(t('orders.redelivered', { id: row.id }));
              else
                void message.warning(
                  t('orders.stillFailed', { reason: answer.reason ? t(`deadLetter.reasons.${answer.reason}`) : '-' }),
                );
            },
          },
        ]
      : [];
}

/** A player's orders, newest first, with the re-delivery of undelivered ones. */
export function PlayerOrderList({ userId, urlPrefix, testId }: { userId: number; urlPrefix: string; testId?: string }) {
  const actions = useRedeliverAction();
  return (
    <ListPage
      endpoint={orderEndpoints.listPlayerOrders}
      query={{ userId }}
      urlPrefix={urlPrefix}
      fields={orderFields({ player: false, search: false })}
      rowActions={actions}
      testId={testId}
    />
  );
}

/** The orders tab of a player's page. */
export default function PlayerOrdersTab({ userId }: { userId: number }) {
  return <PlayerOrderList userId={userId} urlPrefix="orders" testId="player-orders" />;
}
