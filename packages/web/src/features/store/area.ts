import { FireOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { chunkPages, type WebArea } from '../shared/area';

/** The store area: its pages by route name, its menu icons. Listed once in `app/areas.ts`. */
export const storeArea = {
  name: 'store',
  pages: {
    ...chunkPages(
      () => import('./store-pages').then((m) => m.storePages),
      [
        'productStore',
        'productPriceLevel',
        'purchaseList',
        'purchaseEdit',
        'productList',
        'productEdit',
        'productAdd',
        'productGiftPack', // the gift packs (route names as the contracts have them)
        'productGiftPackAdd',
        'productStaticStore',
        'staticStoreAdd',
        'productLevel',
        'productCurrency',
        'productActivity',
        'productActivityAdd',
        'purchaseMail',
        'purchaseMailEdit',
        'activityList',
        'activityEdit',
        'activityReward',
        'activityRewardEdit',
        'settingConfigIap',
        'settingConfigItem',
        'settingWayOfConsumption',
      ],
    ),
  },
  icons: { FireOutlined, ShoppingCartOutlined },
} satisfies WebArea;
