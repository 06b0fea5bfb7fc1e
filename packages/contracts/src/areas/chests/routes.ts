import { zhEn } from '../../bilingual.js';
import { defineRoutes, ops } from '../../routes/types.js';

/**
 * The chests screen, `/purchase/product/chest`: declared by this area, shown in the store's menu
 * group (the store's route table spreads it among its children, as the spec lists it there).
 */
export const chestRoutes = defineRoutes([
  {
    path: 'product/chest',
    name: 'productChest',
    title: zhEn('宝箱', 'Chests'),
    auth: ops('normalProductConfigQuery'),
    built: true,
  },
]);
