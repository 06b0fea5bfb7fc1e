/**
 * The permission catalogue: every permission name of the console, grouped by area, with labels.
 * The server guards endpoints with these names, roles store them in `content`, and the web asks
 * `can()` about them. Adding a permission means adding it here and nowhere else.
 */
export interface Label {
  'zh-CN': string;
  'en-US': string;
}

export type Locale = keyof Label;
export const locales = ['zh-CN', 'en-US'] as const satisfies readonly Locale[];
export const defaultLocale: Locale = 'zh-CN';

/** A text in both languages: `l('邮件', 'Mail')`. Every contracts file writes its labels with this one. */
export const l = (zh: string, en: string): Label => ({ 'zh-CN': zh, 'en-US': en });

export const permissionAreas = {
  mail: {
    label: l('邮件', 'Mail'),
    permissions: {
      mailQuery: l('查询个人邮件', 'Query personal mail'),
      mailCreate: l('发送个人邮件', 'Send personal mail'),
      mailDelete: l('撤回个人邮件', 'Recall personal mail'),
      globalMailQuery: l('查询全服邮件', 'Query global mail'),
      globalMailCreate: l('发送全服邮件', 'Send global mail'),
      globalMailDelete: l('撤回全服邮件', 'Recall global mail'),
      mailTemplateQuery: l('查询邮件模板', 'Query mail templates'),
      mailTemplateCreate: l('编辑邮件模板', 'Edit mail templates'),
      mailRewardTemplateQuery: l('查询奖励模板', 'Query reward templates'),
      mailRewardTemplateCreate: l('编辑奖励模板', 'Edit reward templates'),
    },
  },
  announcement: {
    label: l('公告', 'Announcements'),
    permissions: {
      announcementQuery: l('查询公告', 'Query announcements'),
      announcementTmplQuery: l('查询公告模板', 'Query announcement templates'),
      announcementTmplCreate: l('创建公告模板', 'Create announcement templates'),
      announcementTmplEdit: l('编辑公告模板', 'Edit announcement templates'),
    },
  },
  purchase: {
    label: l('内购与商店', 'Purchase and store'),
    permissions: {
      iapConfigQuery: l('查询内购配置', 'Query IAP config'),
      iapConfigEdit: l('编辑内购配置', 'Edit IAP config'),
      normalProductConfigQuery: l('查询商品配置', 'Query product config'),
      normalProductConfigCreate: l('创建商品配置', 'Create product config'),
      normalProductConfigEdit: l('编辑商品配置', 'Edit product config'),
      normalProductConfigDelete: l('删除商品配置', 'Delete product config'),
      iapGiftConfigQuery: l('查询礼包配置', 'Query gift pack config'),
      iapGiftConfigEdit: l('编辑礼包配置', 'Edit gift pack config'),
      iapActivityConfigQuery: l('查询活动配置', 'Query activity config'),
      iapActivityConfigEdit: l('编辑活动配置', 'Edit activity config'),
      currencyConfigQuery: l('查询货币配置', 'Query currency config'),
      DLQQuery: l('查询死信队列', 'Query dead-letter queue'),
    },
  },
  giftCode: {
    label: l('礼包码', 'Gift codes'),
    permissions: {
      giftCodeQuery: l('查询礼包码', 'Query gift codes'),
      giftCodeCreate: l('创建礼包码', 'Create gift codes'),
      giftCodeHistoryQuery: l('查询兑换记录', 'Query redemption history'),
    },
  },
  setting: {
    label: l('设置', 'Settings'),
    permissions: {
      maintenanceQuery: l('维护设置', 'Maintenance'),
      gameItemConfigQuery: l('查询道具配置', 'Query item config'),
      dictQuery: l('查询字典', 'Query dictionary'),
      dictEdit: l('编辑字典', 'Edit dictionary'),
      constQuery: l('查询常量', 'Query constants'),
      constEdit: l('编辑常量', 'Edit constants'),
      configQuery: l('查询远程配置', 'Query remote config'),
      configCreate: l('编辑远程配置', 'Edit remote config'),
      configDelete: l('删除远程配置', 'Delete remote config'),
      appUpgradeQuery: l('版本升级', 'Version upgrade'),
    },
  },
  push: {
    label: l('推送', 'Push'),
    permissions: {
      pushQuery: l('推送', 'Push'),
      pushTemplateQuery: l('推送模板', 'Push templates'),
      pushTopicQuery: l('推送订阅', 'Push topics'),
    },
  },
  gameUser: {
    label: l('玩家', 'Players'),
    permissions: {
      userQuery: l('查询玩家', 'Query players'),
      userLogQuery: l('玩家日志', 'Player event log'),
      removeItemQuery: l('扣除资源', 'Deduct resources'),
      userBanQuery: l('封禁与解封', 'Ban and unban'),
      userClearQuery: l('清除数据', 'Clear data'),
      exportUserDataQuery: l('导出存档', 'Export archive'),
      accountTransferQuery: l('迁移账号', 'Migrate account'),
      copyAccountQuery: l('复制账号', 'Copy account'),
      abnormalUserQuery: l('可疑玩家', 'Suspicious players'),
      payDataQuery: l('支付数据', 'Payment data'),
      businessDataDelete: l('删除业务数据', 'Delete business data'),
      refundUserQuery: l('退款玩家', 'Refunds'),
      snapshotQuery: l('存档快照', 'Snapshots'),
      guildNoSpeakingQuery: l('禁言', 'Chat ban'),
      unbindDeviceQuery: l('解绑设备', 'Unbind device'),
    },
  },
  operations: {
    label: l('服务器、小游戏、订单与公会', 'Servers, mini-games, orders and guilds'),
    permissions: {
      serverInfoQuery: l('服务器信息', 'Server info'),
      leaderboardQuery: l('排行榜', 'Leaderboards'),
      hallOfFameQuery: l('名人堂', 'Hall of fame'),
      blacklistQuery: l('黑名单', 'Blacklist'),
      orderQuery: l('订单', 'Orders'),
      guildChatQuery: l('公会聊天', 'Guild chat'),
      guildQuery: l('公会', 'Guilds'),
    },
  },
  devtool: {
    label: l('开发工具', 'Developer tools'),
    permissions: {
      deadLetterQueueQuery: l('死信队列', 'Dead-letter queue'),
      deadletterQueueQuery: l('死信队列（旧）', 'Dead-letter queue (legacy)'),
      devToolAccountQuery: l('测试账号', 'Test accounts'),
      devToolCaveQuery: l('洞穴工具', 'Cavern tool'),
      advancedArenaZonesQuery: l('竞技场分区', 'Arena zones'),
      clientLogQuery: l('客户端日志', 'Client logs'),
      devToolGuildEdit: l('公会工具', 'Guild tool'),
      guildWarStatusQuery: l('查询公会战状态', 'Query guild war status'),
      guildWarStatusEdit: l('编辑公会战状态', 'Edit guild war status'),
      podTimeQuery: l('服务器时间', 'Pod time'),
    },
  },
  sso: {
    label: l('单点登录', 'Single sign-on'),
    permissions: {
      ssoCompanyQuery: l('查询公司', 'Query companies'),
      ssoCompanyCreate: l('创建公司', 'Create companies'),
      ssoCompanyEdit: l('编辑公司', 'Edit companies'),
      ssoRoleQuery: l('查询角色', 'Query SSO roles'),
      ssoRoleCreate: l('创建角色', 'Create SSO roles'),
      ssoRoleEdit: l('编辑角色', 'Edit SSO roles'),
      ssoUserQuery: l('查询用户', 'Query SSO users'),
      ssoUserEdit: l('编辑用户', 'Edit SSO users'),
      ssoPageQuery: l('页面注册', 'Page registry'),
    },
  },
  system: {
    label: l('系统', 'System'),
    permissions: {
      sysLogQuery: l('系统日志', 'System log'),
      sysUserManage: l('管理员工账号', 'Manage staff users'),
      sysRoleManage: l('管理角色', 'Manage roles'),
      sysRegistrationReview: l('审批注册', 'Review registrations'),
      sysMailOutboxQuery: l('发信记录', 'Sent mail (outbox)'),
      jobQuery: l('查询后台任务', 'Query jobs'),
      jobEdit: l('重试或取消后台任务', 'Retry or cancel jobs'),
      redisQuery: l('查看 Redis 键与状态', 'Browse Redis keys and figures'),
      redisDelete: l('删除 Redis 键', 'Delete Redis keys'),
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
