import { defineRoutes, ops, under } from './types.js';

// Store catalogue: in-app purchases, products, gift packs and activities.
export const storeRoutes = defineRoutes([
  {
    path: '/purchase',
    name: 'purchase',
    icon: 'ShoppingCartOutlined',
    redirect: '/purchase/plist',
    auth: ops('iapConfigQuery', 'normalProductConfigQuery', 'iapGiftConfigQuery', 'iapActivityConfigQuery'),
    children: [
      { path: 'plist', name: 'purchaseList', auth: ops('iapConfigQuery'), built: true },
      { path: 'pedit', name: 'purchaseEdit', ...under('purchaseList'), auth: ops('iapConfigEdit'), built: true },
      { path: 'mail', name: 'purchaseMail', auth: ops('iapConfigQuery'), built: true },
      { path: 'medit', name: 'purchaseMailEdit', ...under('purchaseMail'), auth: ops('iapConfigEdit'), built: true },
      { path: 'product/list', name: 'productList', auth: ops('normalProductConfigQuery'), built: true },
      {
        path: 'product/edit',
        name: 'productEdit',
        ...under('productList'),
        auth: ops('normalProductConfigEdit'),
        built: true,
      },
      {
        path: 'productAdd',
        name: 'productAdd',
        ...under('productList'),
        auth: ops('normalProductConfigCreate'),
        built: true,
      },
      { path: 'product/store', name: 'productStore', auth: ops('normalProductConfigQuery'), built: true },
      { path: 'product/staticStore', name: 'productStaticStore', auth: ops('normalProductConfigQuery'), built: true },
      {
        path: 'staticStoreAdd',
        name: 'staticStoreAdd',
        ...under('productStaticStore'),
        auth: ops('normalProductConfigCreate'),
        built: true,
      },
      { path: 'product/giftCode', name: 'productGiftCode', auth: ops('iapGiftConfigQuery'), built: true },
      {
        path: 'giftCodeAdd',
        name: 'productGiftCodeAdd',
        ...under('productGiftCode'),
        auth: ops('iapGiftConfigEdit'),
        built: true,
      },
      { path: 'product/piggyBank', name: 'productPiggyBank', auth: ops('iapGiftConfigQuery') },
      { path: 'piggyBankAdd', name: 'piggyBankAdd', ...under('productPiggyBank'), auth: ops('iapGiftConfigEdit') },
      {
        path: 'piggyBankEdit/:id',
        name: 'piggyBankEdit',
        ...under('productPiggyBank'),
        auth: ops('iapGiftConfigEdit'),
      },
      { path: 'product/battlePass', name: 'productBattlePass', auth: ops('iapGiftConfigQuery') },
      { path: 'battlePassAdd', name: 'battlePassAdd', ...under('productBattlePass'), auth: ops('iapGiftConfigEdit') },
      {
        path: 'battlePassEdit/:id',
        name: 'battlePassEdit',
        ...under('productBattlePass'),
        auth: ops('iapGiftConfigEdit'),
      },
      { path: 'product/level', name: 'productLevel', auth: ops('normalProductConfigQuery'), built: true },
      { path: 'product/activity', name: 'productActivity', auth: ops('iapActivityConfigQuery'), built: true },
      {
        path: 'activityAdd',
        name: 'productActivityAdd',
        ...under('productActivity'),
        auth: ops('iapActivityConfigEdit'),
        built: true,
      },
      { path: 'product/pricelevel', name: 'productPriceLevel', auth: ops('normalProductConfigQuery'), built: true },
      // Not in the spec's route list: the screen of `currencyConfigQuery` (docs/decisions/2026-11-25-the-rest-of-the-store-activities-settings-purchase.md).
      { path: 'product/currency', name: 'productCurrency', auth: ops('currencyConfigQuery'), built: true },
      { path: 'product/chest', name: 'productChest', auth: ops('normalProductConfigQuery') },
      { path: 'product/dlq', name: 'productDlq', auth: ops('DLQQuery') },
    ],
  },
]);

export const activityRoutes = defineRoutes([
  {
    path: '/activity',
    name: 'activity',
    icon: 'FireOutlined',
    redirect: '/activity/list',
    auth: ops('iapActivityConfigQuery'),
    children: [
      { path: 'list', name: 'activityList', built: true },
      { path: 'edit', name: 'activityEdit', ...under('activityList'), auth: ops('iapActivityConfigEdit'), built: true },
      { path: 'reward', name: 'activityReward', built: true },
      {
        path: 'reward/edit',
        name: 'activityRewardEdit',
        ...under('activityReward'),
        auth: ops('iapActivityConfigEdit'),
        built: true,
      },
    ],
  },
]);
