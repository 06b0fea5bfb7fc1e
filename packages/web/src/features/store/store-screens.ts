import { resourcePages } from '../../crud/resource/pages';
import {
  giftPackScreen,
  levelProductScreen,
  priceLevelScreen,
  productScreen,
  purchaseItemScreen,
  staticStoreScreen,
} from './catalogue';

/** The store catalogue's screens, loaded as one chunk. */
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
