import { resourcePages } from '../../crud/resource/pages';
import { giftPackScreen, priceLevelScreen, productScreen, purchaseItemScreen } from './catalogue';

/** The store catalogue's screens, loaded as one chunk. */
export { default as productStore } from './StorePage';
export const productPriceLevel = resourcePages(priceLevelScreen as never).list;
export const purchaseList = resourcePages(purchaseItemScreen as never).list;
export const productList = resourcePages(productScreen as never).list;
export const productGiftCode = resourcePages(giftPackScreen as never).list;
