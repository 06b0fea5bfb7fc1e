import {
  type DeadLetterView,
  deadLetterKindCodes,
  deadLetterReasons,
  deadLetterStateCodes,
  deliveryStates,
  type EndpointInput,
  type OrderView,
  orderEndpoints,
  orderPlatforms,
  orderRefundStates,
  pathTo,
} from '@rookery/contracts';
import { Descriptions, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useEndpointQuery } from '../../api/endpoint-query';
import type { Field } from '../../crud/fields';
import { formatNumber } from '../../crud/format';
import { RewardsView } from '../shared/RecordViews';
import { rewardsText } from '../shared/RewardsEditor';
import './texts';

const deliveryColors = { delivered: 'green', verified: 'blue', deadLettered: 'red', discarded: 'default' } as const;
export const deliveryOptions = deliveryStates.map((value) => ({
  value,
  label: `orders.deliveryStates.${value}`,
  color: deliveryColors[value],
}));
const platformOptions = orderPlatforms.map((value) => ({ value, label: `orders.platforms.${value}` }));
const refundOptions = orderRefundStates.map((value) => ({
  value,
  label: `orders.refundStates.${value}`,
  color: 'orange',
}));

/** A player's ID as a link to the player's page. */
export const playerLink = (userId: number | null) =>
  userId ? <Link to={pathTo('gameUserDetail', undefined, { userId })}>{userId}</Link> : '-';

/** An amount with its currency (`4.99 USD`), or a dash. */
export const moneyText = (price: string | null, currency: string | null) =>
  price === null ? '-' : `${price}${currency ? ` ${currency}` : ''}`;

/** An order's fields: the order list's search form and columns, the detail drawer. */
export function orderFields({ player = true, search = true } = {}): Field<OrderView>[] {
  const s = <T,>(v: T) => (search ? v : undefined);
  const fields: (Field<OrderView> | false)[] = [
    { name: 'time', title: 'orders.time', search: s('timeRange' as const), column: false, detail: false },
    { name: 'id', title: 'orders.id', width: 90 },
    { name: 'orderId', title: 'orders.id', search: s('text' as const), column: false, detail: false },
    player && {
      name: 'userId',
      title: 'orders.userId',
      search: s('text' as const),
      render: (row) => playerLink(row.userId),
    },
    { name: 'transactionId', title: 'orders.transactionId', search: s('text' as const), width: 200, ellipsis: true },
    {
      name: 'productId',
      title: 'orders.product',
      search: s('text' as const),
      render: (row) => (row.productTitle ? `${row.productTitle} (${row.productId})` : row.productId),
    },
    { name: 'platform', title: 'orders.platform', search: s('select' as const), options: platformOptions },
    { name: 'price', title: 'orders.price', render: (row) => moneyText(row.price, row.currency) },
    { name: 'deliveryState', title: 'orders.deliveryState', search: s('select' as const), options: deliveryOptions },
    { name: 'refundState', title: 'orders.refundState', search: s('select' as const), options: refundOptions },
    {
      name: 'rewards',
      title: 'orders.rewards',
      render: (row) => (row.rewards.length ? rewardsText(row.rewards) : '-'),
      detailRender: (row) => <RewardsView rewards={row.rewards} />,
    },
    {
      name: 'environment',
      title: 'orders.environment',
      column: false,
      render: (row, t) => t(`orders.environments.${row.environment}`),
    },
    { name: 'purchasedAt', title: 'orders.purchasedAt', kind: 'time', column: false },
    { name: 'createdAt', title: 'orders.createdAt', kind: 'time', width: 170 },
    { name: 'deliveredAt', title: 'orders.deliveredAt', kind: 'time', column: false },
  ];
  return fields.filter((f): f is Field<OrderView> => !!f);
}

/** Sums by currency, as tags ("14.97 USD · 3 orders"). */
export function CurrencyTotals({
  totals,
  testId,
}: {
  totals: readonly { currency: string; amount: string; orders: number }[] | undefined;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (!totals) return null;
  return (
    <Space wrap data-testid={testId}>
      {totals.length === 0 ? (
        <Typography.Text type="secondary">{t('orders.totalsNone')}</Typography.Text>
      ) : (
        totals.map((x) => (
          <Tag key={x.currency} color="blue">
            {`${x.amount} ${x.currency} · ${t('orders.totalOrders', { n: formatNumber(x.orders) })}`}
          </Tag>
        ))
      )}
    </Space>
  );
}

const filterNames = [
  'userId',
  'orderId',
  'transactionId',
  'productId',
  'platform',
  'deliveryState',
  'refundState',
  'start',
  'end',
];

/** The order list's totals by currency over every order its search matches (the address's filters). */
export function OrderTotals() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const query = Object.fromEntries(filterNames.flatMap((n) => (params.get(n) ? [[n, params.get(n)]] : [])));
  const checked = orderEndpoints.listOrders.query!.safeParse({ ...query, pageSize: 1 });
  // The address's filters as the list sends them (checked by the list's own schema first).
  type ListQuery = EndpointInput<typeof orderEndpoints.listOrders>['query'];
  const input = { query: { ...(query as ListQuery), pageSize: 1 } };
  const answer = useEndpointQuery(orderEndpoints.listOrders, input, { enabled: checked.success, quiet: true });
  return (
    <Space wrap>
      <Typography.Text strong>{t('orders.totals')}</Typography.Text>
      <CurrencyTotals totals={answer.data?.totals} testId="order-totals" />
    </Space>
  );
}

// ---- The dead-letter queue's pieces (the `/devtool/deadletter` screen can take them too)

const reasonOptions = deadLetterReasons.map((value) => ({ value, label: `deadLetter.reasons.${value}`, color: 'red' }));
const stateColors = { waiting: 'orange', retried: 'green', discarded: 'default' } as const;
const stateOptions = deadLetterStateCodes.map((value) => ({
  value,
  label: `deadLetter.states.${value}`,
  color: stateColors[value],
}));
const kindOptions = deadLetterKindCodes.map((value) => ({ value, label: `deadLetter.kinds.${value}` }));

/** A dead letter's facts as rows (never JSON). */
function DetailRows({ row }: { row: DeadLetterView }) {
  if (row.detail.length === 0) return '-';
  return (
    <Descriptions size="small" column={1} bordered>
      {row.detail.map((d) => (
        <Descriptions.Item key={d.name} label={d.name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()}>
          {d.value || '-'}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

/** A dead letter's fields: search form, columns and the inspect drawer (its order included). */
export const deadLetterFields: Field<DeadLetterView>[] = [
  { name: 'id', title: 'deadLetter.id', width: 90 },
  { name: 'state', title: 'deadLetter.state', search: 'select', options: stateOptions },
  { name: 'kind', title: 'deadLetter.kind', search: 'select', options: kindOptions },
  { name: 'reason', title: 'deadLetter.reason', search: 'select', options: reasonOptions },
  { name: 'userId', title: 'deadLetter.userId', search: 'text', render: (row) => playerLink(row.userId) },
  {
    name: 'orderId',
    title: 'deadLetter.orderId',
    render: (row) =>
      row.orderId === null ? (
        '-'
      ) : (
        <Link to={pathTo('orderList', undefined, { orderId: row.orderId })}>{row.orderId}</Link>
      ),
  },
  {
    name: 'order',
    title: 'deadLetter.order',
    render: (row) =>
      row.order
        ? `${row.order.productTitle ?? row.order.productId} · ${moneyText(row.order.price, row.order.currency)}`
        : '-',
  },
  { name: 'attempts', title: 'deadLetter.attempts', kind: 'number', width: 100 },
  { name: 'detail', title: 'deadLetter.detail', column: false, render: (row) => <DetailRows row={row} /> },
  { name: 'createdAt', title: 'deadLetter.createdAt', kind: 'time', width: 170 },
  { name: 'updatedAt', title: 'deadLetter.updatedAt', kind: 'time', column: false },
  { name: 'resolvedBy', title: 'deadLetter.resolvedBy', column: false },
  { name: 'discardReason', title: 'deadLetter.discardReason', column: false },
];
