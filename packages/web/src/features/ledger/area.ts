import { routeAuth, zhEn } from '@rookery/contracts';
import { lazy } from 'react';
import type { WebArea } from '../shared/area';

/**
 * The resource ledger's part of the console: the player page's ledger tab (issue 42 item 6).
 * Listed once in `app/areas.ts`; the tab shows with the player's event log (the same permission).
 */
export const ledgerArea = {
  name: 'ledger',
  pages: {},
  playerTabs: [
    {
      key: 'ledger',
      label: zhEn('资源流水', 'Resource ledger'),
      rule: routeAuth('usersLog'),
      Tab: lazy(() => import('./PlayerLedgerTab')),
    },
  ],
} satisfies WebArea;
