import { resourcePages } from '../../crud/resource/pages';
import { activityRewardScreen, activityScreen, purchaseActivityScreen } from './activities';
import {
  giftPackScreen,
  levelProductScreen,
  priceLevelScreen,
  productScreen,
  purchaseItemScreen,
  staticStoreScreen,
} from './catalogue';
import { consumptionWayScreen, gameItemScreen, iapSettingScreen, purchaseMailScreen } from './settings';

/** The store catalogue's screens, loaded as one chunk. */
export { default as productCurrency } from './CurrencyPage';
export { default as productStore } from './StorePage';
export const productPriceLevel = resourcePages(priceLevelScreen).list;
export const purchaseList = resourcePages(purchaseItemScreen).list;
export const productList = resourcePages(productScreen).list;
export const productGiftCode = resourcePages(giftPackScreen).list;
// The pages that edit one item (`?key=`) or make a new one, where the route table has them.
export const purchaseEdit = resourcePages(purchaseItemScreen).edit;
export const productEdit = resourcePages(productScreen).edit;
export const productAdd = productEdit;
export const productGiftCodeAdd = resourcePages(giftPackScreen).edit;
export const productStaticStore = resourcePages(staticStoreScreen).list;
export const productLevel = resourcePages(levelProductScreen).list;
export const staticStoreAdd = resourcePages(staticStoreScreen).edit;
export const productActivity = resourcePages(purchaseActivityScreen).list;
export const productActivityAdd = resourcePages(purchaseActivityScreen).edit;
export const purchaseMail = resourcePages(purchaseMailScreen).list;
export const purchaseMailEdit = resourcePages(purchaseMailScreen).edit;
export const activityList = resourcePages(activityScreen).list;
export const activityEdit = resourcePages(activityScreen).edit;
export const activityReward = resourcePages(activityRewardScreen).list;
export const activityRewardEdit = resourcePages(activityRewardScreen).edit;
export const settingConfigIap = resourcePages(iapSettingScreen).list;
export const settingConfigItem = resourcePages(gameItemScreen).list;
export const settingWayOfConsumption = resourcePages(consumptionWayScreen).list;
