import { zhEn } from '../../bilingual.js';
import { defineRoutes, ops } from '../../routes/types.js';

/**
 * Promotion: the spec names no route, so it sits right after the home page, where operators
 * read the game's figures (docs/decisions/2026-11-28-promotion-records.md).
 */
export const promotionRoutes = defineRoutes([
  {
    path: '/promotion',
    name: 'promotion',
    title: zhEn('推广', 'Promotion'),
    icon: 'FundOutlined',
    redirect: '/promotion/records',
    auth: ops('promotionQuery'),
    children: [
      {
        path: 'records',
        name: 'promotionRecords',
        title: zhEn('推广数据', 'Promotion records'),
        built: true,
      },
    ],
  },
]);
