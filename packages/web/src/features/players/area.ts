import { TeamOutlined } from '@ant-design/icons';
import type { WebArea } from '../shared/area';

/** The players area: its pages by route name, its menu icons. Listed once in `app/areas.ts`. */
export const playersArea = {
  name: 'players',
  pages: {
    gameUserIndex: () => import('./PlayerSearchPage'),
    gameUserList: () => import('./PlayerListPage'),
    gameUserDetail: () => import('./PlayerDetailPage'),
    gameUserLog: () => import('./PlayerLogPage'),
    usersLog: () => import('./PlayerLogPage'),
    gameUserFroze: () => import('./FreezePage'),
    gameUserBanList: () => import('./BanListPage'),
    gameUserActive: () => import('./BanListPage'),
    gameUserFrozeDevice: () => import('./DeviceBanPage'),
    gameUserChatBan: () => import('./ChatBanPage'),
    gameUserClear: () => import('./ClearPage'),
    gameUserArchive: () => import('./ArchivePage'),
    gameUserMigrate: () => import('./MigratePage'),
    gameUserCopy: () => import('./CopyPage'),
    gameUserDeduct: () => import('./DeductPage'),
    gameUserRemove: () => import('./RemovalListPage'),
    gameUserRemoveEdit: () => import('./RemoveItemsPage'),
    gameUserDubiously: () => import('./SuspiciousPage'),
    gameUserSnapshot: () => import('./SnapshotPage'),
    gameUserDataHistory: () => import('./DataHistoryPage'),
    gameUserBindDevice: () => import('./BindDevicePage'),
    gameUserBusiness: () => import('./BusinessDataPage'),
    usersBlacklist: () => import('./BlacklistPage'),
    usersAddBlacklist: () => import('./AddBlacklistPage'),
  },
  icons: { TeamOutlined },
} satisfies WebArea;
