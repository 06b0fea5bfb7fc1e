import { refundEndpoints } from '@rookery/contracts';
import { useTranslation } from 'react-i18next';
import { useMutationAction } from '../../crud/actions';
import { ListPage } from '../../crud/ListPage';
import { rewardsText } from '../shared/RewardsEditor';
import { type RefundRow, refundFields } from './fields';

/**
 * Refunded orders (`/order/refund`): what the store refunded, the clawback each came to, what was
 * taken back and what became debt. A refund recorded with a milder clawback can be given another:
 * take back (once, never below zero) or flag the player.
 */
export default function RefundListPage() {
  return <RefundList />;
}

export function RefundList({ userId }: { userId?: number }) {
  const { t } = useTranslation();
  const apply = useMutationAction(refundEndpoints.applyRefundClawback);
  const actions = (row: RefundRow) => {
    const out = [];
    if (row.refundState !== 'reversed' && row.clawback !== 'takeBack')
      out.push(
        apply({
          key: 'takeBack',
          label: t('refund.takeBack'),
          danger: true,
          confirm: () => ({
            title: t('refund.takeBackConfirm', {
              userId: row.userId,
              orderId: row.orderId,
              rewards: rewardsText(row.granted),
            }),
            rows: [
              { label: t('refund.userId'), value: row.userId },
              { label: t('refund.granted'), value: rewardsText(row.granted) },
            ],
            okText: t('refund.takeBackOk', { userId: row.userId }),
            danger: true,
          }),
          input: () => ({ params: { id: row.id }, body: { clawback: 'takeBack' as const } }),
          done: t('refund.takenBack'),
        }),
      );
    if (row.refundState !== 'reversed' && row.clawback === 'none')
      out.push(
        apply({
          key: 'flag',
          label: t('refund.flag'),
          confirm: () => ({
            title: t('refund.flagConfirm', { userId: row.userId, id: row.id }),
            okText: t('refund.flagOk', { userId: row.userId }),
            danger: false,
          }),
          input: () => ({ params: { id: row.id }, body: { clawback: 'flag' as const } }),
          done: t('refund.flagged'),
        }),
      );
    return out;
  };
  return userId === undefined ? (
    <ListPage endpoint={refundEndpoints.listRefunds} fields={refundFields} rowActions={actions} testId="refund-list" />
  ) : (
    <ListPage
      endpoint={refundEndpoints.listRefunds}
      query={{ userId }}
      urlPrefix="refunds"
      fields={refundFields.filter((f) => f.name !== 'userId').map((f) => ({ ...f, search: undefined }))}
      rowActions={actions}
    />
  );
}
