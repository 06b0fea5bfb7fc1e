import { type Label, zhEn } from '../../bilingual.js';

/**
 * Orders: why a receipt was refused (the game API answers with the code and this text in the
 * player's language), the console's checks on orders and the dead-letter queue.
 */
export const orderMessages = {
  'order.platform': zhEn('平台应为 apple、google 或 test', 'The platform is apple, google or test'),
  'order.productId': zhEn('请填写商品 ID（1–200 个字符）', 'Give the product ID (1–200 characters)'),
  'order.receiptTooLong': zhEn(
    '收据过长（最多 65,536 个字符），不是商店给出的收据',
    'The receipt is too long (at most 65,536 characters): it is no store receipt',
  ),
  'order.refused.empty': zhEn(
    '收据为空：请提供 receipt、signedTransaction 或 purchaseToken 之一',
    'The receipt is empty: send one of receipt, signedTransaction or purchaseToken',
  ),
  'order.refused.malformed': zhEn(
    '收据格式不正确或不完整（可能被截断）',
    'The receipt is malformed or incomplete (it may be truncated)',
  ),
  'order.refused.badSignature': zhEn('收据签名无效', "The receipt's signature is not valid"),
  'order.refused.wrongBundle': zhEn('收据属于其他应用', 'The receipt is for another app'),
  'order.refused.wrongEnvironment': zhEn(
    '收据的环境（沙盒或正式）不被接受',
    "The receipt's environment (sandbox or production) is not accepted here",
  ),
  'order.refused.expired': zhEn('收据已过期', 'The receipt has expired'),
  'order.refused.notPurchased': zhEn('商店未确认此购买已付款', 'The store does not confirm this purchase as paid'),
  'order.refused.unknownProduct': zhEn('商品不存在于商店目录中', 'No such product in the store catalogue'),
  'order.refused.productMismatch': zhEn(
    '收据中的商品与所购商品不符',
    'The receipt is for another product than the one named',
  ),
  'order.refused.priceChanged': zhEn(
    '该商品的价格档位已变更，收据与当前价格不符',
    "The product's price level has changed: the receipt does not match its current price",
  ),
  'order.refused.otherPlayer': zhEn('此收据属于另一位玩家', 'This receipt belongs to another player'),
  'order.refused.platformUnavailable': zhEn(
    '此平台的收据验证未启用',
    'Receipt verification for this platform is not enabled',
  ),
  'order.refused.storeUnavailable': zhEn(
    '暂时无法连接商店验证收据，请稍后重试',
    'The store could not be reached to verify the receipt; try again later',
  ),
  'order.refused.other': zhEn('收据未通过验证', 'The receipt did not pass verification'),
  'order.notFound': zhEn('订单不存在', 'Order not found'),
  'order.alreadyDelivered': zhEn(
    '订单已发货，不会重复发货',
    'The order has been delivered already; it is not delivered twice',
  ),
  'order.notRedeliverable': zhEn('只有未发货的订单可以重新发货', 'Only an undelivered order can be delivered again'),
  'order.cursor': zhEn('翻页位置无效，请从第一页开始', 'The page position is not valid; start from the first page'),
  'order.range': zhEn('结束时间必须晚于开始时间', 'The end must be after the start'),
  'deadLetter.notFound': zhEn('死信不存在', 'Dead letter not found'),
  'deadLetter.notWaiting': zhEn(
    '此死信已处理（已重试成功或已丢弃）',
    'This dead letter has been handled (retried or discarded)',
  ),
  'deadLetter.noRetry': zhEn('此类死信暂不能在此重试', 'This kind of dead letter cannot be retried here yet'),
  'deadLetter.reasonRequired': zhEn(
    '请填写丢弃原因（1–500 个字符）',
    'Give the reason for discarding (1–500 characters)',
  ),
} as const satisfies Record<string, Label>;
