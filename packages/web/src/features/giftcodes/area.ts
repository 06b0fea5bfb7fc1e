import { GiftOutlined } from '@ant-design/icons';
import { routeAuth, zhEn } from '@rookery/contracts';
import { lazy } from 'react';
import type { WebArea } from '../shared/area';

/** The giftcodes area: its pages by route name, its menu icons. Listed once in `app/areas.ts`. */
export const giftcodesArea = {
  name: 'giftcodes',
  pages: {
    giftCodeList: () => import('./GiftCodeListPage'),
    giftCodeEdit: () => import('./GiftCodeEditPage'),
    giftCodeUserQuery: () => import('./GiftCodeUserQueryPage'),
    giftCodeTest: () => import('./GiftCodeTestPage'),
    giftCodeComebackMail: () => import('./GiftCodeComebackMailPage'),
  },
  icons: { GiftOutlined },
  playerTabs: [
    {
      key: 'giftCodes',
      label: zhEn('礼包码兑换', 'Gift codes'),
      rule: routeAuth('giftCodeUserQuery'),
      // The player's redemptions, loaded with the area's own chunk only when opened.
      Tab: lazy(() => import('./GiftCodeUserQueryPage').then((m) => ({ default: m.PlayerGiftCodeTab }))),
    },
  ],
} satisfies WebArea;
