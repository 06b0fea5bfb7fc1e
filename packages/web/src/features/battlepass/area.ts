import { routeAuth, zhEn } from '@rookery/contracts';
import { lazy } from 'react';
import type { WebArea } from '../shared/area';

/** The battle pass: its pages (in the store's menu group), a player's progress tab. Listed once in `app/areas.ts`. */
export const battlePassArea = {
  name: 'battlepass',
  pages: {
    productBattlePass: () => import('./SeasonListPage'),
    battlePassAdd: () => import('./SeasonEditPage'),
    battlePassEdit: () => import('./SeasonEditPage'),
  },
  playerTabs: [
    {
      key: 'battlePass',
      label: zhEn('通行证', 'Battle pass'),
      rule: routeAuth('productBattlePass'),
      Tab: lazy(() => import('./PlayerBattlePassTab')),
    },
  ],
} satisfies WebArea;
