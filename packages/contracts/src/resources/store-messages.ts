import { type Label, l } from '../permissions.js';

/** Messages of the store catalogue (issue 29), spread into `messages`. */
export const storeMessages = {
  'store.platform': l('平台应为 iOS 或安卓', 'The platform is iOS or Android'),
  'store.sku': l('SKU 只能包含字母、数字、下划线、点和 -', 'A SKU has letters, digits, _ . and - only'),
  'store.skuTaken': l('该平台已有使用此 SKU 的价格档位', 'Another price level of this platform has this SKU'),
  'store.tierPlatformTaken': l('该档位在此平台已有价格', 'This tier already has a price level on this platform'),
  'store.currency': l(
    '货币应为三个大写字母（ISO 4217，如 USD）',
    'A currency is three capital letters (ISO 4217, e.g. USD)',
  ),
  'store.currencyTwice': l('同一货币只能填写一次', 'Each currency once'),
  'store.amount': l(
    '金额应大于 0、最多两位小数且不超过 1,000,000',
    'The amount is above 0, at most 2 decimals and 1,000,000',
  ),
  'store.pricesRequired': l('请至少填写一种货币的价格', 'Enter a price in at least one currency'),
  'store.consumingType': l('请选择消耗类型', 'Choose the consuming type'),
  'store.rewardsRequired': l('请至少添加一项奖励', 'Add at least one reward'),
  'store.repurchase': l(
    '限购次数应为 0 到 1000 的整数（0 为不限）',
    'The purchase limit is a whole number from 0 to 1000 (0: no limit)',
  ),
  'store.level': l('等级应为 0 到 1000 的整数', 'A level is a whole number from 0 to 1000'),
  'store.levelOrder': l('最高等级不能低于最低等级', 'The maximum level cannot be below the minimum'),
  'store.cost': l('价格应为 1 到 1,000,000,000 的整数', 'The price is a whole number from 1 to 1,000,000,000'),
  'store.purchaseId': l('请选择内购商品', 'Choose an IAP item'),
  'store.discountMode': l('请选择折扣方式', 'Choose how the discount is shown'),
  'store.discount': l('请输入折扣', 'Enter the discount'),
  'store.discountPercent': l('折扣百分比应为 1 到 99 的整数', 'The discount percent is a whole number from 1 to 99'),
  'store.discountTimes': l(
    '价值倍数应为 1.1 到 100，最多一位小数',
    'The times value is from 1.1 to 100, at most one decimal',
  ),
  'store.weight': l('权重应为 1 到 10000 的整数', 'The weight is a whole number from 1 to 10000'),
  'store.colour': l('颜色应为茄紫、橙色或玫红', 'The colour is Eggplant, Orange or Rose'),
  'store.kind': l('请选择商店类型', 'Choose the store kind'),
  'store.slotsRequired': l('请至少添加一个货位', 'Add at least one slot'),
  'store.slotsTooMany': l('货位最多 100 个', 'At most 100 slots'),
  'store.slotTwice': l('同一商品只能放一个货位', 'A product fills one slot only'),
  'store.refreshHours': l('刷新周期应为 1 到 720 小时', 'The refresh period is 1 to 720 hours'),
  'store.shown': l('每期展示数应为 1 到 100', 'Shown per period is 1 to 100'),
  'store.filterType': l('类型应为全部、内购或礼包', 'The type is all, IAP or gift pack'),
  'store.priceLevelMissing': l('没有这个价格档位', 'No such price level'),
  'store.priceLevelMissingMsg': l('价格档位“{tier}”不存在', 'Price level "{tier}" does not exist'),
  'store.notGiftPackItem': l('该内购商品未标记为礼包', 'This IAP item is not marked as a gift pack'),
  'store.notGiftPackItemMsg': l(
    '内购商品 {id} 未标记为礼包（isGiftPack），不能作为礼包出售',
    'IAP item {id} is not marked isGiftPack and cannot be sold as a gift pack',
  ),
  'store.inUse': l('仍在使用，不能删除：{where}', 'Still in use, cannot be deleted: {where}'),
  'store.inUseField': l('仍被使用', 'Still in use'),
  'store.giftPackFlagInUse': l('仍有礼包在出售此商品', 'Gift packs still sell this item'),
  'store.giftPackFlagInUseMsg': l(
    '礼包仍在出售此商品，不能取消礼包标记：{where}',
    'Gift packs still sell this item; it must stay a gift pack: {where}',
  ),
} as const satisfies Record<string, Label>;
