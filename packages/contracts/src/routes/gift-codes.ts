import { defineRoutes, ops } from './types.js';

/** Gift codes (not built yet). */
export const giftCodeRoutes = defineRoutes([
  {
    path: '/giftpack',
    name: 'giftpack',
    icon: 'GiftOutlined',
    redirect: '/giftcode/list',
    auth: ops('giftCodeQuery', 'giftCodeHistoryQuery'),
    children: [
      { path: '/giftcode/list', name: 'giftCodeList', auth: ops('giftCodeQuery') },
      {
        path: '/giftcode/edit',
        name: 'giftCodeEdit',
        activeMenu: 'giftCodeList',
        hideInMenu: true,
        auth: ops('giftCodeCreate'),
      },
      { path: '/giftcode/user/query', name: 'giftCodeUserQuery', auth: ops('giftCodeHistoryQuery') },
      { path: '/giftcode/test', name: 'giftCodeTest', auth: ops('giftCodeCreate') },
      { path: '/giftcode/sendcomebackemail', name: 'giftCodeComebackMail', auth: ops('globalMailCreate') },
    ],
  },
]);
