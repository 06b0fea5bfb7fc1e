import type { ResourceScreen } from '../crud/resource/screen';
import { publicScreens, type ScreenModule } from './public-screens';

/** A resource's list or edit page: the kit's screen with the area's declaration, loaded together. */
const resourcePage =
  (load: () => Promise<ResourceScreen>, page: 'list' | 'edit') => async (): Promise<ScreenModule> => {
    const [{ resourcePages }, screen] = await Promise.all([import('../crud/resource/pages'), load()]);
    return { default: resourcePages(screen)[page] };
  };

/** The game door screens and the unlock track: one chunk. */
const gamegateScreen =
  (name: 'settingMaintenance' | 'settingUpgrade' | 'settingUpgradeLevel' | 'settingIpCountry' | 'settingUnlockTrack') =>
  async (): Promise<ScreenModule> => ({ default: (await import('../features/settings/gamegate-screens'))[name] });

/** The store catalogue's screens (its settings and activities too): one chunk. */
const storeScreen =
  (name: keyof typeof import('../features/store/store-screens')) => async (): Promise<ScreenModule> => ({
    default: (await import('../features/store/store-screens'))[name],
  });

/** The A/B test screens: one chunk. */
const abtestScreen = (name: string) => async (): Promise<ScreenModule> => ({
  default: (await import('../features/abtest/pages')).abtestScreens[name],
});

/**
 * Route name → its screen, loaded on first visit. This map is itself loaded with the first console
 * page (the login page's first load carries only `publicScreens`). Every built route of the contracts route table
 * that renders a page has exactly one entry (screens.test.ts holds both directions).
 */
export const screens: Record<string, () => Promise<ScreenModule>> = {
  ...publicScreens,
  passwordModify: () => import('../features/auth/PasswordModifyPage'),
  console: () => import('../features/dashboard/ConsolePage'),
  gameUserIndex: () => import('../features/players/PlayerSearchPage'),
  gameUserList: () => import('../features/players/PlayerListPage'),
  gameUserDetail: () => import('../features/players/PlayerDetailPage'),
  gameUserLog: () => import('../features/players/PlayerLogPage'),
  usersLog: () => import('../features/players/PlayerLogPage'),
  gameUserFroze: () => import('../features/players/FreezePage'),
  gameUserBanList: () => import('../features/players/BanListPage'),
  gameUserActive: () => import('../features/players/BanListPage'),
  gameUserFrozeDevice: () => import('../features/players/DeviceBanPage'),
  gameUserChatBan: () => import('../features/players/ChatBanPage'),
  gameUserClear: () => import('../features/players/ClearPage'),
  gameUserArchive: () => import('../features/players/ArchivePage'),
  gameUserMigrate: () => import('../features/players/MigratePage'),
  gameUserCopy: () => import('../features/players/CopyPage'),
  gameUserDeduct: () => import('../features/players/DeductPage'),
  gameUserRemove: () => import('../features/players/RemovalListPage'),
  gameUserRemoveEdit: () => import('../features/players/RemoveItemsPage'),
  gameUserDubiously: () => import('../features/players/SuspiciousPage'),
  gameUserSnapshot: () => import('../features/players/SnapshotPage'),
  gameUserDataHistory: () => import('../features/players/DataHistoryPage'),
  gameUserBindDevice: () => import('../features/players/BindDevicePage'),
  gameUserBusiness: () => import('../features/players/BusinessDataPage'),
  usersBlacklist: () => import('../features/players/BlacklistPage'),
  usersAddBlacklist: () => import('../features/players/AddBlacklistPage'),
  systemUserList: () => import('../features/staff/users/StaffUserListPage'),
  systemUserEdit: () => import('../features/staff/users/StaffUserEditPage'),
  systemRoleManage: () => import('../features/staff/roles/RoleListPage'),
  systemRoleEdit: () => import('../features/staff/roles/RoleEditPage'),
  systemAllow: () => import('../features/staff/registrations/RegistrationApprovalPage'),
  systemLog: () => import('../features/staff/system-log/SystemLogPage'),
  systemJobs: () => import('../features/jobs/JobsPage'),
  giftCodeList: () => import('../features/giftcodes/GiftCodeListPage'),
  giftCodeEdit: () => import('../features/giftcodes/GiftCodeEditPage'),
  giftCodeUserQuery: () => import('../features/giftcodes/GiftCodeUserQueryPage'),
  giftCodeTest: () => import('../features/giftcodes/GiftCodeTestPage'),
  giftCodeComebackMail: () => import('../features/giftcodes/GiftCodeComebackMailPage'),
  logAll: () => import('../features/logs/AllLogPage'),
  logAccess: () => import('../features/logs/AccessLogPage'),
  logClient: () => import('../features/logs/ClientLogPage'),
  logError: () => import('../features/logs/ErrorLogPage'),
  logFrontend: () => import('../features/logs/FrontendLogPage'),
  logStats: () => import('../features/logs/LogStatsPage'),
  logIncidents: () => import('../features/logs/IncidentsPage'),
  redisDelete: () => import('../features/redis/RedisDeletePage'),
  performanceRedis: () => import('../features/redis/RedisPerformancePage'),
  performanceServer: () => import('../features/performance/ServerPerformancePage'),
  emailList: () => import('../features/mail/PersonalMailListPage'),
  emailGlobal: () => import('../features/mail/GlobalMailListPage'),
  emailComeback: () => import('../features/mail/ComebackMailListPage'),
  emailEdit: () => import('../features/mail/MailEditPage'),
  emailTemplateList: () => import('../features/mail/MailTemplateListPage'),
  emailTemplateEdit: () => import('../features/mail/MailTemplateEditPage'),
  emailRewardTemplateList: () => import('../features/mail/RewardTemplateListPage'),
  emailRewardTemplateEdit: () => import('../features/mail/RewardTemplateEditPage'),
  templateList: () => import('../features/mail/MailTemplateListPage'),
  templateEdit: () => import('../features/mail/MailTemplateEditPage'),
  settingConstant: resourcePage(() => import('../features/settings/constants').then((m) => m.constantScreen), 'list'),
  settingConstantAdd: resourcePage(
    () => import('../features/settings/constants').then((m) => m.constantScreen),
    'edit',
  ),
  settingDictionary: resourcePage(
    () => import('../features/settings/dictionary').then((m) => m.dictionaryScreen),
    'list',
  ),
  // One module for both config screens (and the player page's config tab): one chunk to load.
  settingConfigList: () => import('../features/settings/config'),
  settingConfigEdit: resourcePage(() => import('../features/settings/config').then((m) => m.configScreen), 'edit'),
  settingMaintenance: gamegateScreen('settingMaintenance'),
  settingUpgrade: gamegateScreen('settingUpgrade'),
  settingUpgradeLevel: gamegateScreen('settingUpgradeLevel'),
  settingIpCountry: gamegateScreen('settingIpCountry'),
  settingUnlockTrack: gamegateScreen('settingUnlockTrack'),
  productStore: storeScreen('productStore'),
  productPriceLevel: storeScreen('productPriceLevel'),
  purchaseList: storeScreen('purchaseList'),
  productList: storeScreen('productList'),
  productGiftCode: storeScreen('productGiftCode'),
  purchaseEdit: storeScreen('purchaseEdit'),
  productEdit: storeScreen('productEdit'),
  productAdd: storeScreen('productAdd'),
  productGiftCodeAdd: storeScreen('productGiftCodeAdd'),
  productStaticStore: storeScreen('productStaticStore'),
  staticStoreAdd: storeScreen('staticStoreAdd'),
  productLevel: storeScreen('productLevel'),
  productCurrency: storeScreen('productCurrency'),
  productActivity: storeScreen('productActivity'),
  productActivityAdd: storeScreen('productActivityAdd'),
  purchaseMail: storeScreen('purchaseMail'),
  purchaseMailEdit: storeScreen('purchaseMailEdit'),
  activityList: storeScreen('activityList'),
  activityEdit: storeScreen('activityEdit'),
  activityReward: storeScreen('activityReward'),
  activityRewardEdit: storeScreen('activityRewardEdit'),
  settingConfigIap: storeScreen('settingConfigIap'),
  settingConfigItem: storeScreen('settingConfigItem'),
  settingWayOfConsumption: storeScreen('settingWayOfConsumption'),
  abtestExperiment: abtestScreen('abtestExperiment'),
  abtestExperimentEdit: abtestScreen('abtestExperimentEdit'),
  abtestExperimentDetail: abtestScreen('abtestExperimentDetail'),
  abtestVariation: abtestScreen('abtestVariation'),
  abtestTraffic: abtestScreen('abtestTraffic'),
  abtestLayer: abtestScreen('abtestLayer'),
  abtestBucket: abtestScreen('abtestBucket'),
  refresh: () => import('../shell/helpers/RefreshPage'),
  redirect: () => import('../shell/helpers/RedirectPage'),
};
