import { routeAuth, zhEn } from '@rookery/contracts';
import { lazy } from 'react';
import { chunkPages, type WebArea } from '../shared/area';

/** Piggy banks: their pages (in the store's menu group), a player's fills tab. Listed once in `app/areas.ts`. */
export const piggyBankArea = {
  name: 'piggybank',
  pages: {
    ...chunkPages(
      () => import('./screens').then((m) => m.piggyBankPages),
      ['productPiggyBank', 'piggyBankAdd', 'piggyBankEdit'],
    ),
  },
  playerTabs: [
    {
      key: 'piggyBank',
      label: zhEn('存钱罐', 'Piggy banks'),
      rule: routeAuth('productPiggyBank'),
      Tab: lazy(() => import('./PlayerPiggyBankTab')),
    },
  ],
} satisfies WebArea;
