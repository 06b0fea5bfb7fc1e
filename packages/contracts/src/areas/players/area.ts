import { type DefaultGrants, defineArea, type GrantList, type PermissionGroup } from '../../area.js';
import { type AreaAudit, player } from '../../audit-kit.js';
import { type Label, zhEn } from '../../bilingual.js';
import { audienceEndpoints } from './audience.js';
import { playerEndpoints, playerGameEndpoints } from './endpoints.js';
import { ledgerEndpoints, ledgerSourceLabels } from './ledger.js';
import { playerRoutes } from './routes.js';

const permissions = {
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
} as const satisfies Record<string, PermissionGroup>;

/** The area's messages (keys the server sends and schemas carry). */
export const playerMessages = {
  'v.amountInteger': zhEn('数量必须是整数', 'The amount must be a whole number'),
  'v.amountNegative': zhEn('数量不能为负数', 'The amount cannot be negative'),
  'v.amountPositive': zhEn('数量必须是正整数', 'The amount must be a positive whole number'),
  'v.amountTooLarge': zhEn('数量过大', 'The amount is too large'),
  'v.unknownResource': zhEn('未知的资源类型', 'Unknown resource kind'),
  'v.chooseKind': zhEn('请选择类型', 'Choose a kind'),
  'v.duplicateReward': zhEn('同一资源类型只能出现一次', 'Each resource kind may appear only once'),
  'v.userIdFormat': zhEn('玩家 ID 必须是正整数', 'A user ID is a positive whole number'),
  'v.userIdsRequired': zhEn('请至少输入一个玩家 ID', 'Enter at least one user ID'),
  'v.tooManyUserIds': zhEn('一次最多操作 25 个账号', 'At most 25 accounts at once'),
  'v.deviceIdRequired': zhEn('请输入设备 ID', 'Please enter the device ID'),
  'v.deviceIdsRequired': zhEn('请至少输入一个设备 ID', 'Enter at least one device ID'),
  'v.tooManyDeviceIds': zhEn('一次最多操作 25 台设备', 'At most 25 devices at once'),
  'v.idFormat': zhEn(
    'ID 只能包含字母、数字和 . _ : @ | + / = -，长度 1–128',
    'IDs use letters, digits and . _ : @ | + / = - (1–128 characters)',
  ),
  'v.appVersionFormat': zhEn('版本号格式应为 1.2.3', 'The app version looks like 1.2.3'),
  'v.reasonRequired': zhEn('请输入原因', 'Please enter the reason'),
  'v.textInvalid': zhEn(
    '文本包含不允许的字符（控制字符或无效编码）',
    'The text contains characters that are not allowed (control characters or broken encoding)',
  ),
  'v.textTooLong': zhEn('文本过长：最多 {maximum} 个字符', 'The text is too long: at most {maximum} characters'),
  'v.jsonTooDeep': zhEn('嵌套层级过深', 'Nested too deeply'),
  'v.numberOutOfRange': zhEn('数值超出可保存的范围', 'The number is too large to be stored'),
  'v.nameInvisible': zhEn(
    '名称不能包含不可见字符或文字方向控制字符',
    'A name cannot contain invisible or text-direction characters',
  ),
  'v.untilInPast': zhEn('结束时间必须晚于当前时间', 'The end time must be in the future'),
  'v.searchKeyRequired': zhEn(
    '请输入玩家 ID、社交 ID、设备 ID 或匿名 ID 之一',
    'Enter a user ID, social ID, device ID or anonymous ID',
  ),
  'v.samePlayer': zhEn('源账号和目标账号不能相同', 'The source and target accounts must differ'),
  'v.itemsRequired': zhEn('请至少选择一项', 'Choose at least one item'),
  'player.notFound': zhEn('玩家不存在', 'Player not found'),
  'player.someNotFound': zhEn('以下玩家 ID 不存在：{ids}', 'These user IDs do not exist: {ids}'),
  'player.frozen': zhEn(
    '账号已被冻结，原因：{reason}，解封时间：{until}',
    'This account is frozen. Reason: {reason}. Until: {until}',
  ),
  'player.frozenForever': zhEn(
    '账号已被永久冻结，原因：{reason}',
    'This account is frozen permanently. Reason: {reason}',
  ),
  'player.deviceBanned': zhEn(
    '该设备已被封禁，原因：{reason}，解封时间：{until}',
    'This device is banned. Reason: {reason}. Until: {until}',
  ),
  'player.deviceBannedForever': zhEn(
    '该设备已被永久封禁，原因：{reason}',
    'This device is banned permanently. Reason: {reason}',
  ),
  'player.staleSave': zhEn(
    '存档已过期（服务器存档次数 {current}），请重新加载',
    'Stale save (the server has save count {current}); reload first',
  ),
  'player.sessionEnded': zhEn('游戏会话已被结束，请重新登录', 'The game session was ended; sign in again'),
  'player.insufficient': zhEn(
    '资源不足：{kind} 现有 {have}，无法扣除 {amount}',
    'Not enough {kind}: the player has {have}, cannot deduct {amount}',
  ),
  'player.targetHasSocialId': zhEn(
    '目标账号已绑定社交 ID，不能迁移',
    'The target account already has a social ID; migration refused',
  ),
  'player.sourceHasNoSocialId': zhEn(
    '源账号没有绑定社交 ID，无需迁移',
    'The source account has no social ID to migrate',
  ),
  'ledger.windowOrder': zhEn('结束时间必须晚于开始时间', 'The end must be after the start'),
  'player.snapshotNotFound': zhEn('快照不存在', 'Snapshot not found'),
  'player.suspicionNotFound': zhEn('异常记录不存在', 'Suspicious-user record not found'),
  'player.deviceNotBound': zhEn('该设备未绑定此玩家', 'This device is not bound to this player'),
  'player.noSession': zhEn('没有找到与该社交 ID 或设备 ID 对应的玩家', 'No player has this social ID or device ID'),
} as const satisfies Record<string, Label>;

const jobs = {
  'players.prune': zhEn('清理玩家例行事件', 'Prune routine player events'),
  'players.ledgerCheck': zhEn('资源流水对账', 'Resource ledger drift check'),
  'players.ledgerPartitions': zhEn('资源流水分区维护', 'Resource ledger partitions'),
} as const satisfies Record<string, Label>;

/** What operations hold: every player tool but copying an account and deleting business data. */
const operations: GrantList<typeof permissions> = [
  'userQuery',
  'userLogQuery',
  'abnormalUserQuery',
  'payDataQuery',
  'snapshotQuery',
  'removeItemQuery',
  'userBanQuery',
  'userClearQuery',
  'exportUserDataQuery',
  'accountTransferQuery',
  'refundUserQuery',
  'guildNoSpeakingQuery',
  'unbindDeviceQuery',
];
/**
 * What the built-in roles hold of its permissions by default (the roles are seeded with them;
 * `maxRole` and `admin` pass every check).
 */
const grants = {
  operation: operations,
  developer: [...operations, 'copyAccountQuery', 'businessDataDelete'],
  tester: [
    'userQuery',
    'userLogQuery',
    'abnormalUserQuery',
    'payDataQuery',
    'snapshotQuery',
    'userBanQuery',
    'userClearQuery',
    'copyAccountQuery',
    'removeItemQuery',
  ],
  service: [
    'userQuery',
    'userLogQuery',
    'payDataQuery',
    'refundUserQuery',
    'snapshotQuery',
    'guildNoSpeakingQuery',
    'exportUserDataQuery',
  ],
  serviceManager: [
    'userQuery',
    'userLogQuery',
    'payDataQuery',
    'refundUserQuery',
    'snapshotQuery',
    'guildNoSpeakingQuery',
    'exportUserDataQuery',
    'removeItemQuery',
    'userBanQuery',
    'unbindDeviceQuery',
  ],
} satisfies DefaultGrants<typeof permissions>;

/** Its audit vocabulary: the objects its entries name and what each action reads as. */
const audit = {
  objects: {
    player: {
      label: zhEn('玩家 {id}', 'player {id}'),
      page: { route: 'gameUserDetail', query: (id) => ({ userId: id }) },
    },
    device: { label: zhEn('设备 {id}', 'device {id}') },
  },
  actions: {
    endPlayerSession: player(
      zhEn('强制下线', 'Sign player out'),
      zhEn('让{player}强制下线', 'signed {player} out of the game'),
    ),
    freezePlayers: player(zhEn('冻结玩家', 'Freeze player'), zhEn('冻结了{player}', 'froze {player}')),
    unfreezePlayers: player(zhEn('解冻玩家', 'Unfreeze player'), zhEn('解冻了{player}', 'unfroze {player}')),
    banDevices: {
      label: zhEn('封禁设备', 'Ban device'),
      sentence: zhEn('封禁了{device}', 'banned {device}'),
      target: 'device',
    },
    unbanDevices: {
      label: zhEn('解封设备', 'Lift device ban'),
      sentence: zhEn('解封了{device}', 'lifted the ban on {device}'),
      target: 'device',
    },
    clearPlayerData: player(
      zhEn('清除数据', 'Clear data'),
      zhEn('清除了{player}的数据', 'cleared the data of {player}'),
    ),
    migrateAccount: player(
      zhEn('迁移账号', 'Migrate account'),
      zhEn('迁移了{player}的账号', 'migrated the account of {player}'),
    ),
    copyAccount: player(zhEn('复制账号', 'Copy account'), zhEn('把存档复制到{player}', 'copied a save to {player}')),
    deductResources: player(
      zhEn('扣除资源', 'Deduct resources'),
      zhEn('扣除了{player}的资源', 'deducted resources of {player}'),
    ),
    removeItems: player(zhEn('删除道具', 'Remove items'), zhEn('删除了{player}的道具', 'removed items of {player}')),
    reviewSuspicion: player(
      zhEn('审核可疑记录', 'Review suspicion'),
      zhEn('审核了{player}的可疑记录', 'reviewed a suspicion on {player}'),
    ),
    restoreSnapshot: player(
      zhEn('恢复快照', 'Restore snapshot'),
      zhEn('恢复了{player}的快照', 'restored a snapshot of {player}'),
    ),
    banChat: player(zhEn('禁言', 'Chat ban'), zhEn('禁言了{player}', 'banned {player} from chat')),
    liftChatBan: player(
      zhEn('解除禁言', 'Lift chat ban'),
      zhEn('解除了{player}的禁言', 'lifted the chat ban of {player}'),
    ),
    unbindDevice: player(
      zhEn('解绑设备', 'Unbind device'),
      zhEn('解绑了{player}的设备', 'unbound a device of {player}'),
    ),
    addToBlacklist: player(zhEn('加入黑名单', 'Blacklist'), zhEn('把{player}加入黑名单', 'blacklisted {player}')),
    removeFromBlacklist: player(
      zhEn('移出黑名单', 'Remove from blacklist'),
      zhEn('把{player}移出黑名单', 'removed {player} from the blacklist'),
    ),
    deleteBusinessData: player(
      zhEn('删除业务数据', 'Delete business data'),
      zhEn('删除了{player}的业务数据', 'deleted the business data of {player}'),
    ),
  },
} satisfies AreaAudit;

/** Players: support and moderation, the audience count, the game's login and player calls. */
export const playersArea = defineArea({
  name: 'players',
  audit,
  permissions,
  grants,
  routes: playerRoutes,
  endpoints: { ...playerEndpoints, ...playerGameEndpoints, ...audienceEndpoints, ...ledgerEndpoints },
  values: { source: ledgerSourceLabels },
  messages: playerMessages,
  jobs,
});

declare module '../../area.js' {
  interface AreaJobs {
    players: typeof jobs;
  }
  interface AreaPermissionGroups {
    players: typeof permissions;
  }
  interface AreaRouteTables {
    players: typeof playerRoutes;
  }
  interface AreaMessages {
    players: typeof playerMessages;
  }
}

/**
 * The game's own events in a player's log (the console's actions there are audit actions and read
 * as their sentences): what each one says.
 */
export const playerGameEventLabels: Record<string, Label> = {
  login: zhEn('登录了游戏', 'Signed in to the game'),
  save: zhEn('保存了存档', 'Saved the game'),
  rewards: zhEn('获得了奖励', 'Received rewards'),
  mailClaim: zhEn('领取了邮件', 'Claimed a mail'),
  purchase: zhEn('完成了购买', 'Made a purchase'),
  giftCode: zhEn('兑换了礼包码', 'Redeemed a gift code'),
  copiedToAccount: zhEn('存档被复制到另一个账号', 'Save copied to another account'),
};

// What the area offers the server and the console beside its declaration.
export * from './audience.js';
export * from './endpoints.js';
export * from './ledger.js';
