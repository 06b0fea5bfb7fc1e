import type { ComponentType } from 'react';
import { resourceRoutePages } from '../../crud/resource/pages';
import { activityRewardScreen, activityScreen, purchaseActivityScreen } from './activities';
import CurrencyPage from './CurrencyPage';
import {
  giftPackScreen,
  levelProductScreen,
  priceLevelScreen,
  productScreen,
  purchaseItemScreen,
  staticStoreScreen,
} from './catalogue';
import StorePage from './StorePage';
import { consumptionWayScreen, gameItemScreen, iapSettingScreen, purchaseMailScreen } from './settings';

/**
 * The store catalogue's pages (its settings and activities too), loaded as one chunk: each
 * resource's pages on the routes its declaration names (`resourceRoutePages`), and two pages of
 * its own.
 */
export const storePages: Record<string, ComponentType> = {
  productCurrency: CurrencyPage,
  productStore: StorePage,
  ...[
    priceLevelScreen,
    purchaseItemScreen,
    productScreen,
    giftPackScreen,
    staticStoreScreen,
    levelProductScreen,
    purchaseActivityScreen,
    purchaseMailScreen,
    activityScreen,
    activityRewardScreen,
    iapSettingScreen,
    gameItemScreen,
    consumptionWayScreen,
  ].reduce((pages, screen) => Object.assign(pages, resourceRoutePages(screen)), {}),
};
