import { routeAuth, zhEn } from '@rookery/contracts';
import { lazy } from 'react';
import type { WebArea } from '../shared/area';

/** Chests: the drop-table screen (odds, simulation) and the player page's pity tab. Listed once in `app/areas.ts`. */
export const chestsArea = {
  name: 'chests',
  pages: { productChest: () => import('./ChestPage') },
  playerTabs: [
    {
      key: 'chests',
      label: zhEn('宝箱保底', 'Chest pity'),
      rule: routeAuth('productChest'),
      Tab: lazy(() => import('./PlayerChestsTab')),
    },
  ],
} satisfies WebArea;
