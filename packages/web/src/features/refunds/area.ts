import { AccountBookOutlined } from '@ant-design/icons';
import { routeAuth, zhEn } from '@rookery/contracts';
import { lazy } from 'react';
import type { WebArea } from '../shared/area';

/**
 * Refunds (issue 42's stores part): refunded orders, players with refunds, and the player page's
 * refunds tab with the player's debts. Listed once in `app/areas.ts`; the orders area's own pages
 * live in `features/orders/`.
 */
export const refundsArea = {
  name: 'refunds',
  pages: {
    orderRefund: () => import('./RefundListPage'),
    gameUserRefund: () => import('./RefundPlayerPage'),
  },
  // The order menu's icon (the orders area's pages share it; the integrator keeps one).
  icons: { AccountBookOutlined },
  playerTabs: [
    {
      key: 'refunds',
      label: zhEn('退款与欠款', 'Refunds and debts'),
      rule: routeAuth('gameUserRefund'),
      Tab: lazy(() => import('./RefundPlayerPage').then((m) => ({ default: m.PlayerRefundTab }))),
    },
  ],
} satisfies WebArea;
