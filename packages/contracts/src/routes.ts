import { type AccessRule, namedRoles, opsRoles } from './access.js';
import type { Permission } from './permissions.js';

/**
 * The console route table: the one place a console page is declared. Router, side menu,
 * breadcrumb, tab titles, page titles and the SSO page registry are all derived from it.
 * A page's title key is `routes.<name>` in the web's i18n files.
 */
export interface ConsoleRoute {
  /** Relative to the parent, or absolute when it starts with `/`. */
  path: string;
  /** Unique; also the i18n title key suffix and the screen registry key. */
  name: string;
  icon?: string;
  /** `true` = signed in; a list = any of these role or permission names. Children without one inherit the parent's. */
  auth?: AccessRule;
  /** No sign-in needed. */
  public?: boolean;
  hideInMenu?: boolean;
  hideInTab?: boolean;
  hideInBreadcrumb?: boolean;
  /** The tab that is always open and cannot be closed. */
  affixTab?: boolean;
  /** meta.cache: keep the page alive while its tab is open. */
  cache?: boolean;
  /** Default child (full path). */
  redirect?: string;
  /** The screen exists. Routes whose screen is not built yet stay out of router and menu. */
  built?: boolean;
  /** Shown only when a deployment setting is on (`sso`: single-sign-on centre configured). */
  feature?: 'sso';
  /** Hidden on pre-release hosts (the spec's order menu). */
  hideOnPreRelease?: boolean;
  children?: ConsoleRoute[];
}

const ops = (...perms: Permission[]): AccessRule => [...opsRoles, ...perms];
const playerSupport = (...perms: Permission[]): AccessRule => ['service', ...opsRoles, ...perms];

export const consoleRoutes: ConsoleRoute[] = [
  { path: '/login', name: 'login', public: true, hideInMenu: true, hideInTab: true, built: true },
  { path: '/register', name: 'register', public: true, hideInMenu: true, hideInTab: true, built: true },
  { path: '/callback/login', name: 'ssoCallback', public: true, hideInMenu: true, hideInTab: true },
  { path: '/register/result', name: 'registerResult', auth: true, hideInMenu: true, hideInTab: true, built: true },
  {
    path: '/dashboard',
    name: 'dashboard',
    icon: 'DashboardOutlined',
    redirect: '/dashboard/console',
    children: [{ path: 'console', name: 'console', affixTab: true, built: true }],
  },
  {
    path: '/game-user',
    name: 'gameUser',
    icon: 'TeamOutlined',
    redirect: '/game-user/index',
    auth: playerSupport('userQuery'),
    children: [
      { path: 'index', name: 'gameUserIndex', cache: true, built: true },
      { path: 'gm-user', name: 'gameUserList', built: true },
      { path: '/user/detail', name: 'gameUserDetail', hideInMenu: true, built: true },
      { path: 'log', name: 'gameUserLog', auth: ['userLogQuery'], built: true },
      { path: '/users/log', name: 'usersLog', hideInMenu: true, auth: ['userLogQuery'], built: true },
      { path: 'froze', name: 'gameUserFroze', auth: ops('userBanQuery'), built: true },
      { path: 'froze/list', name: 'gameUserBanList', auth: ops('userBanQuery'), built: true },
      { path: 'active', name: 'gameUserActive', hideInMenu: true, auth: ops('userBanQuery'), built: true },
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
        hideInMenu: true,
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
        hideInMenu: true,
        auth: ['blacklistQuery'],
        built: true,
      },
    ],
  },
  {
    path: '/email',
    name: 'email',
    icon: 'MailOutlined',
    redirect: '/email/list',
    auth: ops('mailQuery', 'globalMailQuery', 'mailTemplateQuery', 'mailRewardTemplateQuery'),
    children: [
      { path: 'list', name: 'emailList', auth: ops('mailQuery'), cache: true, built: true },
      {
        path: 'listedit',
        name: 'emailEdit',
        hideInMenu: true,
        auth: ops('mailCreate', 'globalMailCreate'),
        built: true,
      },
      { path: 'global', name: 'emailGlobal', auth: ops('globalMailQuery'), built: true },
      { path: 'comeback', name: 'emailComeback', auth: ops('globalMailQuery'), built: true },
      { path: 'tmplist', name: 'emailTemplateList', auth: ops('mailTemplateQuery'), built: true },
      { path: 'tmpedit', name: 'emailTemplateEdit', hideInMenu: true, auth: ops('mailTemplateCreate'), built: true },
      { path: 'rewardtmpllist', name: 'emailRewardTemplateList', auth: ops('mailRewardTemplateQuery'), built: true },
      {
        path: 'rewardtmpledit',
        name: 'emailRewardTemplateEdit',
        hideInMenu: true,
        auth: ops('mailRewardTemplateCreate'),
        built: true,
      },
    ],
  },
  {
    path: '/template',
    name: 'template',
    icon: 'FileTextOutlined',
    redirect: '/template/list',
    auth: ops('mailTemplateQuery'),
    children: [
      { path: 'list', name: 'templateList', built: true },
      { path: 'edit', name: 'templateEdit', hideInMenu: true, auth: ops('mailTemplateCreate'), built: true },
    ],
  },
  {
    path: '/announcement',
    name: 'announcement',
    icon: 'NotificationOutlined',
    redirect: '/announcement/list',
    auth: ops('announcementQuery', 'announcementTmplQuery'),
    children: [
      { path: 'list', name: 'announcementList', auth: ops('announcementQuery') },
      { path: 'list/edit', name: 'announcementEdit', hideInMenu: true, auth: ops('announcementQuery') },
      { path: 'template', name: 'announcementTemplate', auth: ops('announcementTmplQuery') },
      {
        path: 'template/edit',
        name: 'announcementTemplateEdit',
        hideInMenu: true,
        auth: ops('announcementTmplCreate', 'announcementTmplEdit'),
      },
    ],
  },
  {
    path: '/purchase',
    name: 'purchase',
    icon: 'ShoppingCartOutlined',
    redirect: '/purchase/plist',
    auth: ops('iapConfigQuery', 'normalProductConfigQuery', 'iapGiftConfigQuery', 'iapActivityConfigQuery'),
    children: [
      { path: 'plist', name: 'purchaseList', auth: ops('iapConfigQuery') },
      { path: 'pedit', name: 'purchaseEdit', hideInMenu: true, auth: ops('iapConfigEdit') },
      { path: 'mail', name: 'purchaseMail', auth: ops('iapConfigQuery') },
      { path: 'medit', name: 'purchaseMailEdit', hideInMenu: true, auth: ops('iapConfigEdit') },
      { path: 'product/list', name: 'productList', auth: ops('normalProductConfigQuery') },
      { path: 'product/edit', name: 'productEdit', hideInMenu: true, auth: ops('normalProductConfigEdit') },
      { path: 'productAdd', name: 'productAdd', hideInMenu: true, auth: ops('normalProductConfigCreate') },
      { path: 'product/store', name: 'productStore', auth: ops('normalProductConfigQuery') },
      { path: 'product/staticStore', name: 'productStaticStore', auth: ops('normalProductConfigQuery') },
      { path: 'staticStoreAdd', name: 'staticStoreAdd', hideInMenu: true, auth: ops('normalProductConfigCreate') },
      { path: 'product/giftCode', name: 'productGiftCode', auth: ops('iapGiftConfigQuery') },
      { path: 'giftCodeAdd', name: 'productGiftCodeAdd', hideInMenu: true, auth: ops('iapGiftConfigEdit') },
      { path: 'product/piggyBank', name: 'productPiggyBank', auth: ops('iapGiftConfigQuery') },
      { path: 'piggyBankAdd', name: 'piggyBankAdd', hideInMenu: true, auth: ops('iapGiftConfigEdit') },
      { path: 'piggyBankEdit/:id', name: 'piggyBankEdit', hideInMenu: true, auth: ops('iapGiftConfigEdit') },
      { path: 'product/battlePass', name: 'productBattlePass', auth: ops('iapGiftConfigQuery') },
      { path: 'battlePassAdd', name: 'battlePassAdd', hideInMenu: true, auth: ops('iapGiftConfigEdit') },
      { path: 'battlePassEdit/:id', name: 'battlePassEdit', hideInMenu: true, auth: ops('iapGiftConfigEdit') },
      { path: 'product/level', name: 'productLevel', auth: ops('normalProductConfigQuery') },
      { path: 'product/activity', name: 'productActivity', auth: ops('iapActivityConfigQuery') },
      { path: 'activityAdd', name: 'productActivityAdd', hideInMenu: true, auth: ops('iapActivityConfigEdit') },
      { path: 'product/pricelevel', name: 'productPriceLevel', auth: ops('normalProductConfigQuery') },
      { path: 'product/chest', name: 'productChest', auth: ops('normalProductConfigQuery') },
      { path: 'product/dlq', name: 'productDlq', auth: ops('DLQQuery') },
    ],
  },
  {
    path: '/giftpack',
    name: 'giftpack',
    icon: 'GiftOutlined',
    redirect: '/giftcode/list',
    auth: ops('giftCodeQuery', 'giftCodeHistoryQuery'),
    children: [
      { path: '/giftcode/list', name: 'giftCodeList', auth: ops('giftCodeQuery') },
      { path: '/giftcode/edit', name: 'giftCodeEdit', hideInMenu: true, auth: ops('giftCodeCreate') },
      { path: '/giftcode/user/query', name: 'giftCodeUserQuery', auth: ops('giftCodeHistoryQuery') },
      { path: '/giftcode/test', name: 'giftCodeTest', auth: ops('giftCodeCreate') },
      { path: '/giftcode/sendcomebackemail', name: 'giftCodeComebackMail', auth: ops('globalMailCreate') },
    ],
  },
  {
    path: '/activity',
    name: 'activity',
    icon: 'FireOutlined',
    redirect: '/activity/list',
    auth: ops('iapActivityConfigQuery'),
    children: [
      { path: 'list', name: 'activityList' },
      { path: 'edit', name: 'activityEdit', hideInMenu: true, auth: ops('iapActivityConfigEdit') },
      { path: 'reward', name: 'activityReward' },
      { path: 'reward/edit', name: 'activityRewardEdit', hideInMenu: true, auth: ops('iapActivityConfigEdit') },
    ],
  },
  {
    path: '/abtest',
    name: 'abtest',
    icon: 'ExperimentOutlined',
    redirect: '/abtest/experiment',
    auth: ops('configQuery'),
    children: [
      { path: 'experiment', name: 'abtestExperiment' },
      { path: 'experiment/edit', name: 'abtestExperimentEdit', hideInMenu: true, auth: ops('configCreate') },
      { path: 'experiment/detail', name: 'abtestExperimentDetail', hideInMenu: true },
      { path: 'experiment/variation', name: 'abtestVariation', hideInMenu: true, auth: ops('configCreate') },
      { path: 'experiment/traffic', name: 'abtestTraffic', hideInMenu: true, auth: ops('configCreate') },
      { path: 'layer', name: 'abtestLayer' },
      { path: 'bucket', name: 'abtestBucket' },
    ],
  },
  {
    path: '/push',
    name: 'push',
    icon: 'SendOutlined',
    redirect: '/push/send',
    auth: ops('pushQuery', 'pushTemplateQuery', 'pushTopicQuery'),
    children: [
      { path: 'send', name: 'pushSend', auth: ops('pushQuery') },
      { path: 'list', name: 'pushList', auth: ops('pushQuery') },
      { path: 'tmpl/list', name: 'pushTemplateList', auth: ops('pushTemplateQuery') },
      { path: 'tmpl/edit', name: 'pushTemplateEdit', hideInMenu: true, auth: ops('pushTemplateQuery') },
      { path: 'subscribe', name: 'pushSubscribe', auth: ops('pushTopicQuery') },
      { path: 'subscribe/edit', name: 'pushSubscribeEdit', hideInMenu: true, auth: ops('pushTopicQuery') },
    ],
  },
  {
    path: '/setting',
    name: 'setting',
    icon: 'SettingOutlined',
    redirect: '/setting/config/list',
    auth: ops('configQuery', 'maintenanceQuery', 'constQuery', 'dictQuery', 'appUpgradeQuery', 'gameItemConfigQuery'),
    children: [
      { path: 'config/list', name: 'settingConfigList', auth: ops('configQuery') },
      { path: 'config/edit', name: 'settingConfigEdit', hideInMenu: true, auth: ops('configCreate') },
      { path: 'maintenance', name: 'settingMaintenance', auth: ops('maintenanceQuery') },
      { path: 'config/iap', name: 'settingConfigIap', auth: ops('iapConfigQuery') },
      { path: 'config/item', name: 'settingConfigItem', auth: ops('gameItemConfigQuery') },
      { path: 'config/wayofconsumption', name: 'settingWayOfConsumption', auth: ops('gameItemConfigQuery') },
      { path: 'constant', name: 'settingConstant', auth: ops('constQuery') },
      { path: 'constant/add', name: 'settingConstantAdd', hideInMenu: true, auth: ops('constEdit') },
      { path: 'announcement/list', name: 'settingAnnouncementList', auth: ops('announcementQuery') },
      {
        path: 'announcement/edit',
        name: 'settingAnnouncementEdit',
        hideInMenu: true,
        auth: ops('announcementQuery'),
      },
      { path: 'dictionary', name: 'settingDictionary', auth: ops('dictQuery') },
      { path: 'ipcountry', name: 'settingIpCountry', auth: ops('dictQuery') },
      { path: 'upgrade', name: 'settingUpgrade', auth: ops('appUpgradeQuery') },
      { path: 'upgradeLevel', name: 'settingUpgradeLevel', auth: ops('appUpgradeQuery') },
      { path: 'unlocktrack', name: 'settingUnlockTrack', auth: ops('gameItemConfigQuery') },
    ],
  },
  {
    path: '/order',
    name: 'order',
    icon: 'AccountBookOutlined',
    redirect: '/order/list',
    hideOnPreRelease: true,
    auth: playerSupport('orderQuery'),
    children: [
      { path: 'list', name: 'orderList' },
      { path: 'refund', name: 'orderRefund', auth: ['refundUserQuery'] },
    ],
  },
  {
    path: '/guild',
    name: 'guild',
    icon: 'FlagOutlined',
    redirect: '/guild/chat',
    auth: ops('guildChatQuery', 'guildQuery'),
    children: [
      { path: 'chat', name: 'guildChat', auth: ops('guildChatQuery') },
      { path: 'list', name: 'guildList', auth: ops('guildQuery') },
      { path: 'ban', name: 'guildBan', auth: ops('guildQuery') },
    ],
  },
  {
    path: '/minigame',
    name: 'minigame',
    icon: 'TrophyOutlined',
    redirect: '/minigame/leaderboard',
    auth: ops('leaderboardQuery', 'hallOfFameQuery', 'blacklistQuery'),
    children: [
      { path: 'jump', name: 'minigameJump', auth: ops('leaderboardQuery') },
      { path: 'leaderboard', name: 'minigameLeaderboard', auth: ops('leaderboardQuery') },
      { path: 'leaderboardmock', name: 'minigameLeaderboardMock', auth: ops('leaderboardQuery') },
      { path: 'fame', name: 'minigameFame', auth: ops('hallOfFameQuery') },
      { path: 'blacklist', name: 'minigameBlacklist', auth: ['blacklistQuery'] },
    ],
  },
  {
    path: '/game-server',
    name: 'gameServer',
    icon: 'CloudServerOutlined',
    redirect: '/game-server/list',
    auth: ops('serverInfoQuery'),
    children: [{ path: 'list', name: 'gameServerList' }],
  },
  {
    path: '/log',
    name: 'log',
    icon: 'FileSearchOutlined',
    redirect: '/log/all-log',
    auth: ops('clientLogQuery', 'sysLogQuery'),
    children: [
      { path: 'all-log', name: 'logAll' },
      { path: 'access-log', name: 'logAccess' },
      { path: 'client-log', name: 'logClient', auth: ops('clientLogQuery') },
      { path: 'error-log', name: 'logError' },
      { path: 'log-stats', name: 'logStats' },
      { path: 'frontend', name: 'logFrontend' },
    ],
  },
  {
    path: '/performance',
    name: 'performance',
    icon: 'LineChartOutlined',
    redirect: '/performance/server',
    auth: ops('serverInfoQuery'),
    children: [
      { path: 'server', name: 'performanceServer' },
      { path: 'redis', name: 'performanceRedis' },
    ],
  },
  {
    path: '/redis',
    name: 'redis',
    icon: 'DatabaseOutlined',
    redirect: '/redis/redis-del',
    auth: [...opsRoles],
    children: [{ path: 'redis-del', name: 'redisDelete' }],
  },
  {
    path: '/devtool',
    name: 'devtool',
    icon: 'ToolOutlined',
    redirect: '/devtool/deadletter',
    auth: ['developer', 'tester', 'deadLetterQueueQuery', 'devToolAccountQuery', 'clientLogQuery'],
    children: [
      {
        path: 'deadletter',
        name: 'devtoolDeadLetter',
        auth: ['developer', 'deadLetterQueueQuery', 'deadletterQueueQuery'],
      },
      { path: 'account', name: 'devtoolAccount', auth: ['developer', 'tester', 'devToolAccountQuery'] },
      { path: 'cavern', name: 'devtoolCavern', auth: ['developer', 'devToolCaveQuery'] },
      { path: 'zoneIdList', name: 'devtoolZoneIdList', auth: ['developer', 'advancedArenaZonesQuery'] },
      { path: 'log', name: 'devtoolLog', auth: ['developer', 'tester', 'clientLogQuery'] },
      { path: 'guild', name: 'devtoolGuild', auth: ['developer', 'devToolGuildEdit'] },
      { path: 'guildWar', name: 'devtoolGuildWar', auth: ['developer', 'tester', 'guildWarStatusQuery'] },
      { path: 'podTime', name: 'devtoolPodTime', auth: ['developer', 'tester', 'podTimeQuery'] },
    ],
  },
  {
    path: '/habbyauth',
    name: 'habbyauth',
    icon: 'SafetyCertificateOutlined',
    redirect: '/habbyauth/companies',
    auth: ['ssoCompanyQuery', 'ssoRoleQuery', 'ssoUserQuery', 'ssoPageQuery'],
    children: [
      { path: 'companies', name: 'ssoCompanies', auth: ['ssoCompanyQuery'], feature: 'sso' },
      { path: 'company', name: 'ssoCompany', hideInMenu: true, auth: ['ssoCompanyEdit', 'ssoCompanyCreate'] },
      { path: 'roles', name: 'ssoRoles', auth: ['ssoRoleQuery'] },
      { path: 'role', name: 'ssoRole', hideInMenu: true, auth: ['ssoRoleEdit', 'ssoRoleCreate'] },
      { path: 'users', name: 'ssoUsers', auth: ['ssoUserQuery'] },
      { path: 'createcognitouser', name: 'ssoCreateUser', hideInMenu: true, auth: ['ssoUserEdit'] },
      { path: 'user/:id', name: 'ssoUser', hideInMenu: true, auth: ['ssoUserEdit'] },
      { path: 'pages', name: 'ssoPages', auth: ['ssoPageQuery'] },
    ],
  },
  {
    path: '/system',
    name: 'system',
    icon: 'SafetyOutlined',
    redirect: '/system/userlist',
    auth: ['admin', 'operation', 'developer', 'tester', 'sysLogQuery'],
    children: [
      { path: 'userlist', name: 'systemUserList', auth: ['admin'], built: true },
      { path: 'useredit', name: 'systemUserEdit', auth: ['admin'], hideInMenu: true, built: true },
      { path: 'role-manage', name: 'systemRoleManage', auth: ['admin'], built: true },
      { path: 'role-edit', name: 'systemRoleEdit', auth: ['admin'], hideInMenu: true, built: true },
      { path: 'allow', name: 'systemAllow', auth: [...opsRoles], built: true },
      { path: 'log', name: 'systemLog', auth: ['sysLogQuery'], built: true },
    ],
  },
  {
    path: '/password/modify',
    name: 'passwordModify',
    icon: 'KeyOutlined',
    auth: [...namedRoles],
    hideInMenu: true,
    built: true,
  },
  { path: '/refresh', name: 'refresh', hideInMenu: true, hideInTab: true, built: true },
  { path: '/redirect/:route*', name: 'redirect', hideInMenu: true, hideInTab: true, built: true },
  { path: '/403', name: 'forbidden', public: true, hideInMenu: true, hideInTab: true, built: true },
  { path: '/500', name: 'serverError', public: true, hideInMenu: true, hideInTab: true, built: true },
  { path: '/404', name: 'notFound', public: true, hideInMenu: true, hideInTab: true, built: true },
];

/** A route with its absolute path, effective auth and ancestors resolved. */
export interface ResolvedRoute extends Omit<ConsoleRoute, 'children'> {
  fullPath: string;
  /** Names from the top-level group down to this route. */
  trail: string[];
  hasChildren: boolean;
}

export function joinRoutePath(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
}

/** Depth-first list of every route, parents before children, with inherited auth. */
export function flattenRoutes(routes: ConsoleRoute[] = consoleRoutes): ResolvedRoute[] {
  const out: ResolvedRoute[] = [];
  const walk = (list: ConsoleRoute[], parentPath: string, parentAuth: AccessRule | undefined, trail: string[]) => {
    for (const { children, ...route } of list) {
      const fullPath = joinRoutePath(parentPath, route.path);
      const auth = route.auth ?? parentAuth;
      const resolved: ResolvedRoute = {
        ...route,
        auth: route.public ? undefined : (auth ?? true),
        fullPath,
        trail: [...trail, route.name],
        hasChildren: Boolean(children?.length),
      };
      out.push(resolved);
      if (children) walk(children, fullPath, auth, resolved.trail);
    }
  };
  walk(routes, '', undefined, []);
  return out;
}

/** The page every session starts on and whose tab is always kept. */
export const homePath = '/dashboard/console';

/** Routes whose screens are built: what the router and menu may show. A group is kept while any child is. */
export function builtRoutes(routes: ConsoleRoute[] = consoleRoutes): ConsoleRoute[] {
  return routes.flatMap((r) => {
    if (!r.children) return r.built ? [r] : [];
    const children = builtRoutes(r.children);
    return children.length ? [{ ...r, children }] : [];
  });
}
