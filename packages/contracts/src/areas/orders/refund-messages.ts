import { type Label, zhEn } from '../../bilingual.js';
import { codedValues } from '../../enums.js';

/** Refunds, clawbacks, debts and store notices: form checks and refusals, in both languages. */
export const refundMessages = {
  'refund.notFound': zhEn('退款记录不存在', 'No such refund'),
  'refund.clawback': zhEn('追回方式应为追回资源、标记玩家或不处理', 'The clawback is take back, flag or nothing'),
  'refund.alreadyTakenBack': zhEn(
    '该退款已追回过资源，不能再次追回',
    'Resources were already taken back for this refund; they are not taken twice',
  ),
  'refund.alreadyFlagged': zhEn('该退款已标记过玩家', 'The player was already flagged for this refund'),
  'refund.reversed': zhEn('商店已撤销该退款，不能再追回', 'The store reversed this refund; nothing is taken back'),
  'notice.refused': zhEn('商店通知验证失败：{reason}', 'The store notice failed verification: {reason}'),
  'notice.malformed': zhEn('商店通知格式不正确', 'The store notice is malformed'),
  'notice.unauthenticated': zhEn('商店通知未通过身份验证', 'The store notice is not authenticated'),
  'notice.storeNotConfigured': zhEn(
    '未配置该商店，通知无法处理',
    'This store is not configured; its notices cannot be processed',
  ),
} as const satisfies Record<string, Label>;

/** How a refund is answered on the player's side. */
export const { codes: clawbackKinds, labels: clawbackLabels } = codedValues({
  takeBack: zhEn('追回资源', 'Take back'),
  flag: zhEn('标记玩家', 'Flag player'),
  none: zhEn('不处理', 'Nothing'),
});
export type ClawbackKind = (typeof clawbackKinds)[number];

/** What the store later said of a paid order: the orders' own list (one list, two names). */
export { orderRefundStateLabels as refundStateLabels, orderRefundStates as refundStates } from './endpoints.js';

/** Where a refund came from. */
export const { codes: refundSources, labels: refundSourceLabels } = codedValues({
  store: zhEn('商店通知', 'Store notice'),
  console: zhEn('后台', 'Console'),
});

/** The stores a refund can come from: the orders' platforms. */
export { orderPlatformLabels as refundPlatformLabels, orderPlatforms as refundPlatforms } from './endpoints.js';

/**
 * Why the Apple or Google validator refused a receipt (the codes `ReceiptRefused` carries), for
 * the orders area's refusal messages: the integrator folds them with the test validator's.
 */
export const storeRefusalLabels = {
  empty: zhEn('收据为空', 'The receipt is empty'),
  malformed: zhEn('收据格式不正确', 'The receipt is malformed'),
  badSignature: zhEn('收据签名无效', 'The receipt signature is not valid'),
  badCertificate: zhEn('收据证书链无效', 'The receipt certificate chain is not valid'),
  missingX5c: zhEn('收据缺少证书链（x5c）', 'The receipt has no certificate chain (x5c)'),
  wrongBundle: zhEn('收据属于其他应用', 'The receipt is for another app'),
  wrongEnvironment: zhEn(
    '收据来自其他环境（沙盒/正式）',
    'The receipt is from the other environment (sandbox/production)',
  ),
  notPurchased: zhEn('商店未确认该购买已付款', 'The store does not confirm the purchase as paid'),
  pending: zhEn('购买尚未完成付款', 'The purchase is still pending payment'),
  otherPlayer: zhEn('该购买属于其他玩家', 'The purchase belongs to another player'),
  productMismatch: zhEn('收据中的商品与请求不符', 'The receipt is for another product'),
  storeUnavailable: zhEn('暂时无法连接商店，请稍后重试', 'The store cannot be reached; try again later'),
} as const satisfies Record<string, Label>;
