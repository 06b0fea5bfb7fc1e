import { resourcePages } from '../../crud/resource/pages';
import { giftPackScreen, priceLevelScreen, productScreen, purchaseItemScreen } from './catalogue';

/** The store catalogue's screens, loaded as one chunk. */
export { default as productStore } from './StorePage';
export const productPriceLevel = resourcePages(priceLevelScreen).list;
export const purchaseList = resourcePages(purchaseItemScreen).list;
export const productList = resourcePages(productScreen).list;
export const productGiftCode = resourcePages(giftPackScreen).list;
