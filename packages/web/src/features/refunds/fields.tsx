import { clawbackKinds, type refundEndpoints, refundPlatforms } from '@rookery/contracts';
import type { Field } from '../../crud/fields';
import { formatNumber, formatTime } from '../../crud/format';
import type { ListRow } from '../../crud/ListPage';
import { RewardsView } from '../shared/RecordViews';
import { rewardsText } from '../shared/RewardsEditor';
import './texts';

export type RefundRow = ListRow<typeof refundEndpoints.listRefunds>;
export type RefundPlayerRow = ListRow<typeof refundEndpoints.listRefundPlayers>;

const clawbackColors = { takeBack: 'red', flag: 'orange', none: 'default' } as const;

/** Refunded orders: search by player, order, platform, clawback and time. */
export const refundFields: Field<RefundRow>[] = [
  { name: 'id', title: 'refund.id', width: 90 },
  { name: 'userId', title: 'refund.userId', search: 'text' },
  { name: 'orderId', title: 'refund.orderId', search: 'text' },
  {
    name: 'platform',
    title: 'refund.platform',
    search: 'select',
    options: refundPlatforms.map((value) => ({ value, label: `refund.platforms.${value}` })),
  },
  { name: 'transactionId', title: 'refund.transactionId', ellipsis: true, column: false },
  { name: 'productId', title: 'refund.productId' },
  {
    name: 'price',
    title: 'refund.price',
    render: (row) => (row.price === null ? '-' : `${row.price} ${row.currency ?? ''}`.trim()),
  },
  {
    name: 'refundState',
    title: 'refund.refundState',
    render: (row, t) => (row.refundState ? t(`refund.refundStates.${row.refundState}`) : '-'),
  },
  {
    name: 'clawback',
    title: 'refund.clawback',
    search: 'select',
    options: clawbackKinds.map((value) => ({
      value,
      label: `refund.clawbacks.${value}`,
      color: clawbackColors[value],
    })),
  },
  {
    name: 'taken',
    title: 'refund.taken',
    render: (row) => (row.taken.length ? rewardsText(row.taken) : '-'),
    detailRender: (row) => <RewardsView rewards={row.taken} />,
  },
  {
    name: 'debt',
    title: 'refund.debt',
    render: (row) => (row.debt.length ? rewardsText(row.debt) : '-'),
    detailRender: (row) => <RewardsView rewards={row.debt} />,
  },
  { name: 'source', title: 'refund.source', render: (row, t) => t(`refund.sources.${row.source}`), column: false },
  { name: 'refundedAt', title: 'refund.refundedAt', kind: 'time', column: false },
  { name: 'createdAt', title: 'refund.time', kind: 'time', search: 'timeRange' },
  { name: 'createdBy', title: 'refund.createdBy', column: false },
];

/** Players with refunds: counts, amounts by currency, debts. */
export const refundPlayerFields: Field<RefundPlayerRow>[] = [
  { name: 'userId', title: 'refund.userId', search: 'text' },
  { name: 'refunds', title: 'refund.refunds', render: (row) => formatNumber(row.refunds) },
  {
    name: 'amounts',
    title: 'refund.amounts',
    render: (row) => (row.amounts.length ? row.amounts.map((a) => `${a.amount} ${a.currency}`).join(', ') : '-'),
  },
  { name: 'lastRefundAt', title: 'refund.lastRefundAt', render: (row) => formatTime(row.lastRefundAt) },
  {
    name: 'debts',
    title: 'refund.debts',
    render: (row, t) =>
      row.debts.length ? rewardsText(row.debts.map((d) => ({ kind: d.kind, amount: d.amount }))) : t('refund.noDebts'),
  },
];
