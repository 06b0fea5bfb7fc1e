import { AccountBookOutlined } from '@ant-design/icons';
import { routeAuth, zhEn } from '@rookery/contracts';
import { lazy } from 'react';
import type { WebArea } from '../shared/area';

/** The orders area: the order list, the dead-letter queue, a player's payments and orders tab. Listed once in `app/areas.ts`. */
export const ordersArea = {
  name: 'orders',
  pages: {
    orderList: () => import('./OrderListPage'),
    productDlq: () => import('./DeadLetterQueue'),
    gameUserPayment: () => import('./PaymentPage'),
  },
  icons: { AccountBookOutlined },
  playerTabs: [
    {
      key: 'orders',
      label: zhEn('订单', 'Orders'),
      rule: routeAuth('orderList'),
      Tab: lazy(() => import('./PlayerOrdersTab')),
    },
  ],
} satisfies WebArea;
