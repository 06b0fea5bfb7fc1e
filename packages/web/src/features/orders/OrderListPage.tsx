import { orderEndpoints } from '@rookery/contracts';
import { ListPage } from '../../crud/ListPage';
import { OrderTotals, orderFields } from './fields';

/** `/order/list`: orders by player, order or transaction ID, product, platform, state and time, with totals by currency. */
export default function OrderListPage() {
  return (
    <ListPage
      endpoint={orderEndpoints.listOrders}
      fields={orderFields()}
      paging="keyset"
      toolbar={<OrderTotals />}
      testId="order-list"
    />
  );
}
