import { defineRoutes, ops, under } from './types.js';

/** Gift codes. */
export const giftCodeRoutes = defineRoutes([
  {
    path: '/giftpack',
    name: 'giftpack',
    icon: 'GiftOutlined',
    redirect: '/giftcode/list',
    auth: ops('giftCodeQuery', 'giftCodeHistoryQuery'),
    children: [
      { path: '/giftcode/list', name: 'giftCodeList', auth: ops('giftCodeQuery'), built: true },
      {
        path: '/giftcode/edit',
        name: 'giftCodeEdit',
        ...under('giftCodeList'),
        auth: ops('giftCodeCreate'),
        built: true,
      },
      { path: '/giftcode/user/query', name: 'giftCodeUserQuery', auth: ops('giftCodeHistoryQuery'), built: true },
      { path: '/giftcode/test', name: 'giftCodeTest', auth: ops('giftCodeCreate'), built: true },
      { path: '/giftcode/sendcomebackemail', name: 'giftCodeComebackMail', auth: ops('globalMailCreate'), built: true },
    ],
  },
]);
