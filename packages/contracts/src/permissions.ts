/**
 * The permission catalogue: every permission name of the console, grouped by area, with labels.
 * The server guards endpoints with these names, roles store them in `content`, and the web asks
 * `can()` about them. Adding a permission means adding it here and nowhere else.
 */
import { type Label, type Locale, zhEn } from './bilingual.js';

export const permissionAreas = {
  mail: {
    label: zhEn('邮件', 'Mail'),
    permissions: {
      mailQuery: zhEn('查询个人邮件', 'Query personal mail'),
      mailCreate: zhEn('发送个人邮件', 'Send personal mail'),
      mailDelete: zhEn('撤回个人邮件', 'Recall personal mail'),
      globalMailQuery: zhEn('查询全服邮件', 'Query global mail'),
      globalMailCreate: zhEn('发送全服邮件', 'Send global mail'),
      globalMailDelete: zhEn('撤回全服邮件', 'Recall global mail'),
      mailTemplateQuery: zhEn('查询邮件模板', 'Query mail templates'),
      mailTemplateCreate: zhEn('编辑邮件模板', 'Edit mail templates'),
      mailRewardTemplateQuery: zhEn('查询奖励模板', 'Query reward templates'),
      mailRewardTemplateCreate: zhEn('编辑奖励模板', 'Edit reward templates'),
    },
  },
  announcement: {
    label: zhEn('公告', 'Announcements'),
    permissions: {
      announcementQuery: zhEn('查询公告', 'Query announcements'),
      announcementTmplQuery: zhEn('查询公告模板', 'Query announcement templates'),
      announcementTmplCreate: zhEn('创建公告模板', 'Create announcement templates'),
      announcementTmplEdit: zhEn('编辑公告模板', 'Edit announcement templates'),
    },
  },
  purchase: {
    label: zhEn('内购与商店', 'Purchase and store'),
    permissions: {
      iapConfigQuery: zhEn('查询内购配置', 'Query IAP config'),
      iapConfigEdit: zhEn('编辑内购配置', 'Edit IAP config'),
      normalProductConfigQuery: zhEn('查询商品配置', 'Query product config'),
      normalProductConfigCreate: zhEn('创建商品配置', 'Create product config'),
      normalProductConfigEdit: zhEn('编辑商品配置', 'Edit product config'),
      normalProductConfigDelete: zhEn('删除商品配置', 'Delete product config'),
      iapGiftConfigQuery: zhEn('查询礼包配置', 'Query gift pack config'),
      iapGiftConfigEdit: zhEn('编辑礼包配置', 'Edit gift pack config'),
      iapActivityConfigQuery: zhEn('查询活动配置', 'Query activity config'),
      iapActivityConfigEdit: zhEn('编辑活动配置', 'Edit activity config'),
      currencyConfigQuery: zhEn('查询货币配置', 'Query currency config'),
      DLQQuery: zhEn('查询死信队列', 'Query dead-letter queue'),
    },
  },
  giftCode: {
    label: zhEn('礼包码', 'Gift codes'),
    permissions: {
      giftCodeQuery: zhEn('查询礼包码', 'Query gift codes'),
      giftCodeCreate: zhEn('创建礼包码', 'Create gift codes'),
      giftCodeHistoryQuery: zhEn('查询兑换记录', 'Query redemption history'),
    },
  },
  setting: {
    label: zhEn('设置', 'Settings'),
    permissions: {
      maintenanceQuery: zhEn('维护设置', 'Maintenance'),
      gameItemConfigQuery: zhEn('查询道具配置', 'Query item config'),
      // Not in the spec's list: the item settings and ways of consumption are edited (docs/decisions/2026-11-25-the-rest-of-the-store-activities-settings-purchase.md).
      gameItemConfigEdit: zhEn('编辑道具配置', 'Edit item config'),
      dictQuery: zhEn('查询字典', 'Query dictionary'),
      dictEdit: zhEn('编辑字典', 'Edit dictionary'),
      constQuery: zhEn('查询常量', 'Query constants'),
      constEdit: zhEn('编辑常量', 'Edit constants'),
      configQuery: zhEn('查询远程配置', 'Query remote config'),
      configCreate: zhEn('编辑远程配置', 'Edit remote config'),
      configDelete: zhEn('删除远程配置', 'Delete remote config'),
      appUpgradeQuery: zhEn('版本升级', 'Version upgrade'),
    },
  },
  push: {
    label: zhEn('推送', 'Push'),
    permissions: {
      pushQuery: zhEn('推送', 'Push'),
      pushTemplateQuery: zhEn('推送模板', 'Push templates'),
      pushTopicQuery: zhEn('推送订阅', 'Push topics'),
    },
  },
  gameUser: {
    label: zhEn('玩家', 'Players'),
    permissions: {
      userQuery: zhEn('查询玩家', 'Query players'),
      userLogQuery: zhEn('玩家日志', 'Player event log'),
      removeItemQuery: zhEn('扣除资源', 'Deduct resources'),
      userBanQuery: zhEn('封禁与解封', 'Ban and unban'),
      userClearQuery: zhEn('清除数据', 'Clear data'),
      exportUserDataQuery: zhEn('导出存档', 'Export archive'),
      accountTransferQuery: zhEn('迁移账号', 'Migrate account'),
      copyAccountQuery: zhEn('复制账号', 'Copy account'),
      abnormalUserQuery: zhEn('可疑玩家', 'Suspicious players'),
      payDataQuery: zhEn('支付数据', 'Payment data'),
      businessDataDelete: zhEn('删除业务数据', 'Delete business data'),
      refundUserQuery: zhEn('退款玩家', 'Refunds'),
      snapshotQuery: zhEn('存档快照', 'Snapshots'),
      guildNoSpeakingQuery: zhEn('禁言', 'Chat ban'),
      unbindDeviceQuery: zhEn('解绑设备', 'Unbind device'),
    },
  },
  operations: {
    label: zhEn('服务器、小游戏、订单与公会', 'Servers, mini-games, orders and guilds'),
    permissions: {
      serverInfoQuery: zhEn('服务器信息', 'Server info'),
      leaderboardQuery: zhEn('排行榜', 'Leaderboards'),
      hallOfFameQuery: zhEn('名人堂', 'Hall of fame'),
      blacklistQuery: zhEn('黑名单', 'Blacklist'),
      orderQuery: zhEn('订单', 'Orders'),
      guildChatQuery: zhEn('公会聊天', 'Guild chat'),
      guildQuery: zhEn('公会', 'Guilds'),
    },
  },
  devtool: {
    label: zhEn('开发工具', 'Developer tools'),
    permissions: {
      deadLetterQueueQuery: zhEn('死信队列', 'Dead-letter queue'),
      deadletterQueueQuery: zhEn('死信队列（旧）', 'Dead-letter queue (legacy)'),
      devToolAccountQuery: zhEn('测试账号', 'Test accounts'),
      devToolCaveQuery: zhEn('洞穴工具', 'Cavern tool'),
      advancedArenaZonesQuery: zhEn('竞技场分区', 'Arena zones'),
      clientLogQuery: zhEn('客户端日志', 'Client logs'),
      // Reading the game's errors is not changing them: the incidents' state has its own grant.
      clientIncidentEdit: zhEn('解决、忽略或重新打开客户端错误事件', 'Resolve, ignore or reopen client incidents'),
      devToolGuildEdit: zhEn('公会工具', 'Guild tool'),
      guildWarStatusQuery: zhEn('查询公会战状态', 'Query guild war status'),
      guildWarStatusEdit: zhEn('编辑公会战状态', 'Edit guild war status'),
      podTimeQuery: zhEn('服务器时间', 'Pod time'),
    },
  },
  sso: {
    label: zhEn('单点登录', 'Single sign-on'),
    permissions: {
      ssoCompanyQuery: zhEn('查询公司', 'Query companies'),
      ssoCompanyCreate: zhEn('创建公司', 'Create companies'),
      ssoCompanyEdit: zhEn('编辑公司', 'Edit companies'),
      ssoRoleQuery: zhEn('查询角色', 'Query SSO roles'),
      ssoRoleCreate: zhEn('创建角色', 'Create SSO roles'),
      ssoRoleEdit: zhEn('编辑角色', 'Edit SSO roles'),
      ssoUserQuery: zhEn('查询用户', 'Query SSO users'),
      ssoUserEdit: zhEn('编辑用户', 'Edit SSO users'),
      ssoPageQuery: zhEn('页面注册', 'Page registry'),
    },
  },
  system: {
    label: zhEn('系统', 'System'),
    permissions: {
      sysLogQuery: zhEn('系统日志', 'System log'),
      sysIncidentEdit: zhEn(
        '解决、忽略或重新打开控制台与服务器错误事件',
        'Resolve, ignore or reopen console and server incidents',
      ),
      sysUserManage: zhEn('管理员工账号', 'Manage staff users'),
      sysRoleManage: zhEn('管理角色', 'Manage roles'),
      sysRegistrationReview: zhEn('审批注册', 'Review registrations'),
      sysMailOutboxQuery: zhEn('发信记录', 'Sent mail (outbox)'),
      jobQuery: zhEn('查询后台任务', 'Query jobs'),
      jobEdit: zhEn('重试或取消后台任务', 'Retry or cancel jobs'),
      redisQuery: zhEn('查看 Redis 键与状态', 'Browse Redis keys and figures'),
      redisDelete: zhEn('删除 Redis 键', 'Delete Redis keys'),
    },
  },
} as const;

type Areas = typeof permissionAreas;
export type PermissionArea = keyof Areas;
export type Permission = { [A in PermissionArea]: keyof Areas[A]['permissions'] }[PermissionArea];

export const permissionLabels: Record<Permission, Label> = /*#__PURE__*/ Object.fromEntries(
  Object.values(permissionAreas).flatMap((area) => Object.entries(area.permissions)),
) as Record<Permission, Label>;

export const allPermissions = /*#__PURE__*/ Object.keys(permissionLabels) as Permission[];

export function isPermission(name: string): name is Permission {
  return Object.hasOwn(permissionLabels, name);
}

/** A node of the tree served by `GET /permession`: areas with their permissions as children. */
export interface PermissionNode {
  name: string;
  title: string;
  children: PermissionNode[];
}

export function permissionTree(locale: Locale): PermissionNode[] {
  return Object.entries(permissionAreas).map(([name, area]) => ({
    name,
    title: area.label[locale],
    children: Object.entries(area.permissions).map(([p, label]) => ({
      name: p,
      title: (label as Label)[locale],
      children: [],
    })),
  }));
}
