import { type Label, zhEn } from '../../bilingual.js';

/** Piggy banks: every refusal in both languages. */
export const piggyBankMessages = {
  'piggyBank.amount': zhEn('数量应为 0 或正整数', 'The amount is a whole number, 0 or more'),
  'piggyBank.cap': zhEn('上限应为大于 0 的整数', 'The cap is a whole number above 0'),
  'piggyBank.purchaseId': zhEn('请选择破罐的内购商品', 'Please choose the IAP item that breaks the bank'),
  'piggyBank.rulesRequired': zhEn('请至少添加一条存入规则', 'Please add at least one fill rule'),
  'piggyBank.rulesTooMany': zhEn('存入规则最多 50 条', 'At most 50 fill rules'),
  'piggyBank.eventTwice': zhEn('此事件已有一条规则', 'This event already has a rule'),
  'piggyBank.overlap': zhEn('与同一商品的另一个存钱罐时间重叠', 'Overlaps another piggy bank of the same product'),
  'piggyBank.overlapMsg': zhEn(
    '同一商品的存钱罐时间段不能重叠：{where}',
    'Piggy banks of one product may not overlap in time: {where}',
  ),
  'piggyBank.notFound': zhEn('没有这个存钱罐', 'No such piggy bank'),
} as const satisfies Record<string, Label>;
