import { zhEn } from '../../bilingual.js';
import { defineRoutes, ops, under } from '../../routes/types.js';

/** Gift codes. */
export const giftCodeRoutes = defineRoutes([
  {
    path: '/giftpack',
    name: 'giftpack',
    title: zhEn('礼包码', 'Gift codes'),
    icon: 'GiftOutlined',
    redirect: '/giftcode/list',
    auth: ops('giftCodeQuery', 'giftCodeHistoryQuery'),
    children: [
      {
        path: '/giftcode/list',
        name: 'giftCodeList',
        title: zhEn('礼包码列表', 'Gift code batches'),
        auth: ops('giftCodeQuery'),
        built: true,
      },
      {
        path: '/giftcode/edit',
        name: 'giftCodeEdit',
        title: zhEn('编辑礼包码', 'Edit gift code batch'),
        newTitle: zhEn('新建礼包码', 'New gift code batch'),
        ...under('giftCodeList'),
        auth: ops('giftCodeCreate'),
        built: true,
      },
      {
        path: '/giftcode/user/query',
        name: 'giftCodeUserQuery',
        title: zhEn('兑换记录', 'Redemptions'),
        auth: ops('giftCodeHistoryQuery'),
        built: true,
      },
      {
        path: '/giftcode/test',
        name: 'giftCodeTest',
        title: zhEn('礼包码测试', 'Test a gift code'),
        auth: ops('giftCodeCreate'),
        built: true,
      },
      {
        path: '/giftcode/sendcomebackemail',
        name: 'giftCodeComebackMail',
        title: zhEn('发送回流邮件', 'Send comeback mail'),
        auth: ops('globalMailCreate'),
        built: true,
      },
    ],
  },
]);
