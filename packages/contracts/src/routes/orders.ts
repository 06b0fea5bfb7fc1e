import { defineRoutes, playerSupport } from './types.js';

/** Orders and refunds (not built yet). */
export const orderRoutes = defineRoutes([
  {
    path: '/order',
    name: 'order',
    icon: 'AccountBookOutlined',
    redirect: '/order/list',
    hideOnPreRelease: true,
    auth: playerSupport('orderQuery'),
    children: [
      { path: 'list', name: 'orderList' },
      { path: 'refund', name: 'orderRefund', auth: ['refundUserQuery'] },
    ],
  },
]);
