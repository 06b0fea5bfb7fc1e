import { opsRoles } from '../access.js';
import { defineRoutes, ops, playerSupport, under } from './types.js';

/** Player support (spec: game users): search, detail, bans, data tools. */
export const playerRoutes = defineRoutes([
  {
    path: '/game-user',
    name: 'gameUser',
    icon: 'TeamOutlined',
    redirect: '/game-user/index',
    auth: playerSupport('userQuery'),
    children: [
      { path: 'index', name: 'gameUserIndex', cache: true, built: true },
      { path: 'gm-user', name: 'gameUserList', built: true },
      { path: '/user/detail', name: 'gameUserDetail', ...under('gameUserIndex'), recordQuery: 'userId', built: true },
      { path: 'log', name: 'gameUserLog', auth: ['userLogQuery'], built: true },
      { path: '/users/log', name: 'usersLog', ...under('gameUserLog'), auth: ['userLogQuery'], built: true },
      { path: 'froze', name: 'gameUserFroze', auth: ops('userBanQuery'), built: true },
      { path: 'froze/list', name: 'gameUserBanList', auth: ops('userBanQuery'), built: true },
      { path: 'active', name: 'gameUserActive', ...under('gameUserBanList'), auth: ops('userBanQuery'), built: true },
      { path: 'frozedevice', name: 'gameUserFrozeDevice', auth: ops('userBanQuery'), built: true },
      { path: 'chatBan', name: 'gameUserChatBan', auth: ['guildNoSpeakingQuery'], built: true },
      { path: 'clear', name: 'gameUserClear', auth: ['userClearQuery'], built: true },
      { path: 'archive', name: 'gameUserArchive', auth: ['exportUserDataQuery'], built: true },
      { path: 'migrate', name: 'gameUserMigrate', auth: ['accountTransferQuery'], built: true },
      { path: 'copy', name: 'gameUserCopy', auth: ['copyAccountQuery'], built: true },
      { path: 'deduct', name: 'gameUserDeduct', auth: [...opsRoles, 'serviceManager', 'removeItemQuery'], built: true },
      { path: 'remove', name: 'gameUserRemove', auth: [...opsRoles, 'serviceManager', 'removeItemQuery'], built: true },
      {
        path: 'removeedit',
        name: 'gameUserRemoveEdit',
        ...under('gameUserRemove'),
        auth: [...opsRoles, 'serviceManager', 'removeItemQuery'],
        built: true,
      },
      { path: 'dubiously', name: 'gameUserDubiously', auth: ops('abnormalUserQuery'), built: true },
      { path: 'snapshot', name: 'gameUserSnapshot', auth: ['snapshotQuery'], built: true },
      { path: 'userdata/history', name: 'gameUserDataHistory', auth: ops('snapshotQuery'), built: true },
      { path: 'bindDevice', name: 'gameUserBindDevice', auth: ['unbindDeviceQuery'], built: true },
      { path: 'business', name: 'gameUserBusiness', auth: ['businessDataDelete'], built: true },
      { path: 'payment', name: 'gameUserPayment', auth: ['payDataQuery'] },
      { path: 'refund', name: 'gameUserRefund', auth: ['refundUserQuery'] },
      { path: '/users/blacklist', name: 'usersBlacklist', auth: ['blacklistQuery'], built: true },
      {
        path: '/users/addblacklist',
        name: 'usersAddBlacklist',
        ...under('usersBlacklist'),
        auth: ['blacklistQuery'],
        built: true,
      },
    ],
  },
]);
