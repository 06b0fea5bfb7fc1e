import { type DefaultGrants, defineArea, type GrantList, type PermissionGroup } from '../../area.js';
import { type AreaAudit, resourceActions } from '../../audit-kit.js';
import { zhEn } from '../../bilingual.js';
import { resourceEndpoints } from '../../resource.js';
import { storeMessages } from './messages.js';
import {
  consumingTypeLabels,
  discountModeLabels,
  giftPackColourLabels,
  giftPackResource,
  priceLevelResource,
  productResource,
  purchaseItemResource,
  storeKindLabels,
  storeResource,
} from './resources.js';
import { storeRoutes } from './routes.js';
import { storeEndpoints, storeGameEndpoints } from './store-endpoints.js';
import {
  consumptionWayResource,
  gameItemResource,
  iapSettingResource,
  purchaseMailResource,
  receiptValidationLabels,
  storeSettingEndpoints,
} from './store-settings.js';

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

/** What every role that works with the area reads. */
const reads: GrantList<typeof permissions> = [
  'iapConfigQuery',
  'normalProductConfigQuery',
  'iapGiftConfigQuery',
  'iapActivityConfigQuery',
  'currencyConfigQuery',
  'DLQQuery',
];
/** What operations and developers hold: the reads and every change. */
const edits: GrantList<typeof permissions> = [
  ...reads,
  'iapConfigEdit',
  'normalProductConfigCreate',
  'normalProductConfigEdit',
  'normalProductConfigDelete',
  'iapGiftConfigEdit',
  'iapActivityConfigEdit',
];
/**
 * What the built-in roles hold of its permissions by default (the roles are seeded with them;
 * `maxRole` and `admin` pass every check).
 */
const grants = {
  operation: edits,
  developer: edits,
  tester: reads,
} satisfies DefaultGrants<typeof permissions>;

/** Its audit vocabulary: the objects its entries name and what each action reads as. */
const audit = {
  objects: {
    priceLevel: {
      label: zhEn('价格档位 {id}', 'price level {id}'),
      page: { route: 'productPriceLevel', query: (id) => ({ search: id }) },
    },
    purchaseItem: { label: zhEn('内购商品 #{id}', 'IAP item #{id}') },
    product: {
      label: zhEn('商品 {id}', 'product {id}'),
      page: { route: 'productList', query: (id) => ({ search: id }) },
    },
    giftPack: {
      label: zhEn('礼包 {id}', 'gift pack {id}'),
      page: { route: 'productGiftPack', query: (id) => ({ search: id }) },
    },
    store: { label: zhEn('商店 {id}', 'store {id}'), page: { route: 'productStore', query: (id) => ({ search: id }) } },
    purchaseMail: {
      label: zhEn('购买邮件 {id}', 'purchase mail {id}'),
      page: { route: 'purchaseMail', query: (id) => ({ search: id }) },
    },
    iapSetting: {
      label: zhEn('内购设置 {id}', 'IAP settings {id}'),
      page: { route: 'settingConfigIap', query: (id) => ({ search: id }) },
    },
    gameItem: {
      label: zhEn('道具设置 {id}', 'item settings {id}'),
      page: { route: 'settingConfigItem', query: (id) => ({ search: id }) },
    },
    consumptionWay: {
      label: zhEn('消耗途径 {id}', 'way of consumption {id}'),
      page: { route: 'settingWayOfConsumption', query: (id) => ({ search: id }) },
    },
  },
  actions: {
    ...resourceActions('priceLevel', zhEn('价格档位', 'price level')),
    ...resourceActions('purchaseItem', zhEn('内购商品', 'IAP item')),
    ...resourceActions('product', zhEn('商品', 'product')),
    ...resourceActions('giftPack', zhEn('礼包', 'gift pack')),
    ...resourceActions('store', zhEn('商店', 'store')),
    ...resourceActions('purchaseMail', zhEn('购买邮件', 'purchase mail')),
    ...resourceActions('iapSetting', zhEn('内购设置', 'IAP settings')),
    ...resourceActions('gameItem', zhEn('道具设置', 'item settings')),
    ...resourceActions('consumptionWay', zhEn('消耗途径', 'way of consumption')),
  },
} satisfies AreaAudit;

/** The store: price levels, IAP items, products, gift packs, stores, purchase mail, IAP and item settings. */
export const storeArea = defineArea({
  name: 'store',
  values: {
    kind: storeKindLabels,
    validation: receiptValidationLabels,
    consumingType: consumingTypeLabels,
    discountMode: discountModeLabels,
    colour: giftPackColourLabels,
  },
  audit,
  permissions,
  grants,
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

declare module '../../area.js' {
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

// What the area offers the server and the console beside its declaration.
export * from './resources.js';
export * from './store-endpoints.js';
export * from './store-settings.js';
export * from './store-view.js';
