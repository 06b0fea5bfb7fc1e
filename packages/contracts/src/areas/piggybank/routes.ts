import { zhEn } from '../../bilingual.js';
import { defineRoutes, ops, under } from '../../routes/types.js';

/**
 * The piggy banks' pages: children of the store's `/purchase` menu group (the store's route table
 * splices them in where the spec lists them), declared here with the area.
 */
export const piggyBankRoutes = defineRoutes([
  {
    path: 'product/piggyBank',
    name: 'productPiggyBank',
    title: zhEn('存钱罐', 'Piggy banks'),
    auth: ops('iapGiftConfigQuery'),
    built: true,
  },
  {
    path: 'piggyBankAdd',
    name: 'piggyBankAdd',
    title: zhEn('新建存钱罐', 'New piggy bank'),
    ...under('productPiggyBank'),
    auth: ops('iapGiftConfigEdit'),
    built: true,
  },
  {
    path: 'piggyBankEdit/:id',
    name: 'piggyBankEdit',
    title: zhEn('编辑存钱罐', 'Edit piggy bank'),
    newTitle: zhEn('新建存钱罐', 'New piggy bank'),
    ...under('productPiggyBank'),
    auth: ops('iapGiftConfigEdit'),
    built: true,
  },
]);
