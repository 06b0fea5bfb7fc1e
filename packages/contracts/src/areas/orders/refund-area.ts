import type { AreaAudit } from '../../audit-kit.js';
import { player } from '../../audit-kit.js';
import { type Label, zhEn } from '../../bilingual.js';
import { noticeEndpoints } from './notice-endpoints.js';
import { refundEndpoints } from './refund-endpoints.js';
import { clawbackLabels, refundMessages, refundSourceLabels, refundStateLabels } from './refund-messages.js';

/**
 * The stores part of the orders area (store notices, refunds, clawbacks, debts): the pieces its
 * declaration folds in (`area.ts`), kept apart so the parts of issue 42 merge without conflicts.
 */

export const refundJobs = {
  'orders.pollRefunds': zhEn(
    '核对商店退款（Google 作废订单、Apple 退款记录）',
    'Poll store refunds (Google voided purchases, Apple refund history)',
  ),
  'orders.consumption': zhEn('回复 Apple 消耗信息请求', "Answer Apple's consumption request"),
} as const satisfies Record<string, Label>;

export const refundAudit = {
  objects: {
    orderRefund: {
      label: zhEn('退款 #{id}', 'refund #{id}'),
      page: { route: 'orderRefund', query: (id) => ({ id }) },
    },
  },
  actions: {
    appleStoreNotice: {
      label: zhEn('App Store 通知', 'App Store notice'),
      sentence: zhEn('收到了{order}的 App Store 通知', 'received an App Store notice for {order}'),
      target: 'order',
    },
    googleStoreNotice: {
      label: zhEn('Google Play 通知', 'Google Play notice'),
      sentence: zhEn('收到了{order}的 Google Play 通知', 'received a Google Play notice for {order}'),
      target: 'order',
    },
    storeRefund: {
      label: zhEn('商店退款', 'Store refund'),
      sentence: zhEn('记录了{order}的商店退款', 'recorded the store refund of {order}'),
      target: 'order',
    },
    applyRefundClawback: {
      label: zhEn('执行退款追回', 'Apply refund clawback'),
      sentence: zhEn('对{orderRefund}执行了追回', 'applied a clawback to {orderRefund}'),
      target: 'orderRefund',
    },
    refundClawback: player(
      zhEn('退款追回', 'Refund clawback'),
      zhEn('因退款处理了{player}', 'answered a refund of {player}'),
    ),
  },
} satisfies AreaAudit;

export const refundValues = {
  clawback: clawbackLabels,
  refundState: refundStateLabels,
  source: refundSourceLabels,
};

export const refundAreaEndpoints = { ...refundEndpoints, ...noticeEndpoints };
export { refundMessages };
