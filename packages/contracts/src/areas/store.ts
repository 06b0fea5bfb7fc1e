import { defineArea, type PermissionGroup } from '../area.js';
import { zhEn } from '../bilingual.js';
import { resourceEndpoints } from '../resource.js';
import {
  giftPackResource,
  priceLevelResource,
  productResource,
  purchaseItemResource,
  storeResource,
} from '../resources/store.js';
import { storeEndpoints, storeGameEndpoints } from '../resources/store-endpoints.js';
import { storeMessages } from '../resources/store-messages.js';
import {
  consumptionWayResource,
  gameItemResource,
  iapSettingResource,
  purchaseMailResource,
  storeSettingEndpoints,
} from '../resources/store-settings.js';
import { storeRoutes } from '../routes/store.js';

const permissions = {
  purchase: {
    label: zhEn('内购与商店', 'Purchase and store'),
    permissions: {
      iapConfigQuery: zhEn('查询内购配置', 'Query IAP config'),
      iapConfigEdit: zhEn('编辑内购配置', 'Edit IAP config'),
      normalProductConfigQuery: zhEn('查询商品配置', 'Query product config'),
      normalProductConfigCreate: zhEn('创建商品配置', 'Create product config'),
      normalProductConfigEdit: zhEn('编辑商品配置', 'Edit product config'),
      normalProductConfigDelete: zhEn('删除商品配置', 'Delete product config'),
      iapGiftConfigQuery: zhEn('查询礼包配置', 'Query gift pack config'),
      iapGiftConfigEdit: zhEn('编辑礼包配置', 'Edit gift pack config'),
      iapActivityConfigQuery: zhEn('查询活动配置', 'Query activity config'),
      iapActivityConfigEdit: zhEn('编辑活动配置', 'Edit activity config'),
      currencyConfigQuery: zhEn('查询货币配置', 'Query currency config'),
      DLQQuery: zhEn('查询死信队列', 'Query dead-letter queue'),
    },
  },
} as const satisfies Record<string, PermissionGroup>;

/** The store: price levels, IAP items, products, gift packs, stores, purchase mail, IAP and item settings. */
export const storeArea = defineArea({
  name: 'store',
  permissions,
  routes: storeRoutes,
  endpoints: {
    ...resourceEndpoints(priceLevelResource),
    ...resourceEndpoints(purchaseItemResource),
    ...resourceEndpoints(productResource),
    ...resourceEndpoints(giftPackResource),
    ...resourceEndpoints(storeResource),
    ...resourceEndpoints(purchaseMailResource),
    ...resourceEndpoints(iapSettingResource),
    ...resourceEndpoints(gameItemResource),
    ...resourceEndpoints(consumptionWayResource),
    ...storeEndpoints,
    ...storeSettingEndpoints,
    ...storeGameEndpoints,
  },
  resources: {
    priceLevel: priceLevelResource,
    purchaseItem: purchaseItemResource,
    product: productResource,
    giftPack: giftPackResource,
    store: storeResource,
    purchaseMail: purchaseMailResource,
    iapSetting: iapSettingResource,
    gameItem: gameItemResource,
    consumptionWay: consumptionWayResource,
  },
  messages: storeMessages,
});

declare module '../area.js' {
  interface AreaPermissionGroups {
    store: typeof permissions;
  }
  interface AreaRouteTables {
    store: typeof storeRoutes;
  }
  interface AreaMessages {
    store: typeof storeMessages;
  }
}
