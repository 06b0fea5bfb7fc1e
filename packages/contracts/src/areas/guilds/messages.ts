import { type Label, zhEn } from '../../bilingual.js';

/** Guilds: why the game's calls and the operators' actions are refused, and the disband mail. */
export const guildMessages = {
  'guild.nameRequired': zhEn('请输入公会名称', 'Please enter the guild name'),
  'guild.nameTaken': zhEn(
    '公会名称“{name}”已被使用（或与已有名称过于相似）',
    'The guild name "{name}" is taken (or looks too much like a name that is)',
  ),
  'guild.nameFiltered': zhEn(
    '公会名称包含不允许的词：{word}',
    'The guild name contains a word that is not allowed: {word}',
  ),
  'guild.memberLimit': zhEn('成员上限为 2 到 100 的整数', 'The member limit is a whole number from 2 to 100'),
  'guild.memberLimitBelowMembers': zhEn(
    '成员上限不能低于现有成员数 {count}',
    'The member limit cannot be below the {count} members the guild has',
  ),
  'guild.joinMode': zhEn('加入方式应为 open 或 request', 'The join mode is open or request'),
  'guild.role': zhEn('职位应为 leader、officer 或 member', 'The role is leader, officer or member'),
  'guild.banKind': zhEn('封禁类型应为聊天或公会列表', 'The ban is from chat or from the guild list'),
  'guild.notFound': zhEn('公会不存在或已解散', 'No such guild, or it was disbanded'),
  'guild.notInGuild': zhEn('该玩家不在任何公会中', 'The player is in no guild'),
  'guild.notMember': zhEn('玩家 {userId} 不是这个公会的成员', 'Player {userId} is not a member of this guild'),
  'guild.alreadyInGuild': zhEn('该玩家已经在一个公会中', 'The player is already in a guild'),
  'guild.full': zhEn('公会已满（{limit} 人）', 'The guild is full ({limit} members)'),
  'guild.noRequest': zhEn('没有这个玩家的入会申请', 'There is no request to join from this player'),
  'guild.notAllowed': zhEn('你的职位不能这样做', 'Your role in the guild does not allow this'),
  'guild.leaderMustHandOver': zhEn(
    '会长需要先转让会长职位或解散公会才能离开',
    'The leader must hand over the guild or disband it before leaving',
  ),
  'guild.leaderCannotBeRemoved': zhEn(
    '不能移除会长，请先更换会长',
    'The leader cannot be removed: change the leader first',
  ),
  'guild.alreadyLeader': zhEn('该玩家已经是会长', 'This player is already the leader'),
  'guild.chatRequired': zhEn('请输入聊天内容', 'Please enter a message'),
  'guild.chatBanned': zhEn('你已被禁言，解除时间：{until}', 'You are banned from chat until {until}'),
  'guild.guildChatBanned': zhEn('该公会的聊天已被关闭，恢复时间：{until}', "This guild's chat is closed until {until}"),
  'guild.chatTooFast': zhEn(
    '发言太快了：每 {seconds} 秒最多 {messages} 条',
    'Too fast: at most {messages} messages every {seconds} seconds',
  ),
  'guild.filterWordRequired': zhEn('请输入要屏蔽的词', 'Please enter the word to filter'),
  'guild.filterWordTaken': zhEn('这个词已在屏蔽列表中', 'This word is already filtered'),
  'guild.filterNotFound': zhEn('屏蔽词不存在', 'No such filtered word'),
  'guild.windowOrder': zhEn('结束时间必须晚于开始时间', 'The end must be after the start'),
  'guild.disbandMailTitle': zhEn('公会已解散', 'Your guild was disbanded'),
  'guild.disbandMailContent': zhEn(
    '你所在的公会“{guild}”已被管理员解散。',
    'Your guild "{guild}" was disbanded by the game\'s staff.',
  ),
} as const satisfies Record<string, Label>;
