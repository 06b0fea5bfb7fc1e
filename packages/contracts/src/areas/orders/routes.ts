import { zhEn } from '../../bilingual.js';
import { defineRoutes, playerSupport } from '../../routes/types.js';

/** Orders and refunds (the refund list is the stores part's). */
export const orderRoutes = defineRoutes([
  {
    path: '/order',
    name: 'order',
    title: zhEn('订单', 'Orders'),
    icon: 'AccountBookOutlined',
    redirect: '/order/list',
    hideOnPreRelease: true,
    auth: playerSupport('orderQuery'),
    children: [
      { path: 'list', name: 'orderList', title: zhEn('订单列表', 'Order list'), built: true },
      {
        path: 'refund',
        name: 'orderRefund',
        title: zhEn('退款订单', 'Refunded orders'),
        auth: ['refundUserQuery'],
        built: true,
      },
    ],
  },
]);
