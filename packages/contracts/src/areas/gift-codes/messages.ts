import { type Label, zhEn } from '../../bilingual.js';

/** Gift codes: form checks, and what a redemption answers in the player's language. */
export const giftCodeMessages = {
  'giftCode.nameRequired': zhEn('请输入批次名称', 'Please enter the batch name'),
  'giftCode.kind': zhEn('类型应为通用码或唯一码', 'The kind is a shared code or unique codes'),
  'giftCode.state': zhEn('状态不正确', 'Unknown state'),
  'giftCode.sharedCodeFormat': zhEn('兑换码为 4–32 位字母或数字', 'The code is 4–32 letters or digits'),
  'giftCode.sharedCodeShape': zhEn(
    '通用码不能是 12 位唯一码的格式，请换一个长度或加入 0、1、I、O',
    'A shared code may not look like a 12-symbol unique code; change its length or use 0, 1, I or O',
  ),
  'giftCode.codeTaken': zhEn('该兑换码已被其他批次使用', 'Another batch already has this code'),
  'giftCode.totalLimit': zhEn(
    '总兑换次数为 1 到 100,000,000 的整数',
    'Total redemptions is a whole number from 1 to 100,000,000',
  ),
  'giftCode.codeCount': zhEn(
    '生成数量为 1 到 1,000,000 的整数',
    'The number of codes is a whole number from 1 to 1,000,000',
  ),
  'giftCode.perPlayerLimit': zhEn(
    '每人兑换次数为 1 到 100 的整数',
    'Redemptions per player is a whole number from 1 to 100',
  ),
  'giftCode.sharedOnly': zhEn('仅通用码可填写此项', 'Only a shared code has this'),
  'giftCode.uniqueOnly': zhEn('仅唯一码可填写此项', 'Only unique codes have this'),
  'giftCode.rewardsRequired': zhEn('至少需要一项奖励', 'Add at least one reward'),
  'giftCode.endAfterStart': zhEn('结束时间必须晚于开始时间', 'The end must be after the start'),
  'giftCode.endInPast': zhEn(
    '结束时间已经过去：批次一创建就已过期，没有玩家能兑换',
    'The end has passed: the batch would be expired from the start and no player could redeem it',
  ),
  'giftCode.platform': zhEn('平台应为 android 或 ios', 'The platform is android or ios'),
  'giftCode.channelFormat': zhEn(
    '渠道为 1–40 位字母、数字、点、横线或下划线',
    'A channel is 1–40 letters, digits, dots, dashes or underscores',
  ),
  'giftCode.playerIp': zhEn('玩家 IP 地址格式不正确', 'The player IP address is not valid'),
  'giftCode.codeRequired': zhEn('请输入兑换码', 'Please enter a code'),
  'giftCode.codesRequired': zhEn('请选择要停用的兑换码', 'Choose the codes to disable'),
  'giftCode.notFound': zhEn('兑换码批次不存在', 'Gift-code batch not found'),
  'giftCode.kindFixed': zhEn('批次类型创建后不能修改', "A batch's kind cannot change after it is created"),
  'giftCode.codeCountFixed': zhEn(
    '唯一码数量创建后不能修改',
    'The number of unique codes cannot change after creation',
  ),
  'giftCode.codeFixed': zhEn('已有兑换后不能修改兑换码', 'The code cannot change once it has been redeemed'),
  'giftCode.limitBelowClaimed': zhEn(
    '总兑换次数不能少于已兑换次数 {claimed}',
    'Total redemptions cannot be below the {claimed} already claimed',
  ),
  'giftCode.notUnique': zhEn('此批次不是唯一码批次', 'This batch has no unique codes'),
  'giftCode.generationNotStopped': zhEn(
    '只有生成中途停止的唯一码批次可以继续生成或按现有数量结束',
    'Only a unique batch whose generation stopped short can be resumed or closed',
  ),
  'giftCode.placeholder': zhEn(
    '内容中需包含 {code}，玩家在此处看到自己的兑换码',
    'The content needs {code}: each player reads their own code there',
  ),
  'giftCode.noCodesLeft': zhEn('该批次没有可分配的兑换码', 'This batch has no codes left to hand out'),
  'redeem.redeemed': zhEn('兑换成功', 'Redeemed'),
  'redeem.unknown': zhEn('兑换码不存在，请检查后重试', 'There is no such code; check it and try again'),
  'redeem.typo': zhEn('兑换码输入有误，请检查每个字符', 'The code is mistyped; check each character'),
  'redeem.notStarted': zhEn('兑换尚未开始，开始时间 {at}', 'This code cannot be redeemed before {at}'),
  'redeem.expired': zhEn('兑换码已于 {at} 过期', 'This code expired at {at}'),
  'redeem.usedUp': zhEn('兑换码已被兑完', 'This code has been used up'),
  'redeem.alreadyRedeemed': zhEn('你已兑换过此礼包', 'You have already redeemed this gift'),
  'redeem.alreadyUsed': zhEn('此兑换码已被使用', 'This code has already been used'),
  'redeem.notEligible': zhEn('你不满足此兑换码的兑换条件', 'You are not eligible for this code'),
  'redeem.disabled': zhEn('兑换码已停用', 'This code has been disabled'),
  'redeem.blacklisted': zhEn('玩家在黑名单中，不能兑换', 'The player is blacklisted and cannot redeem codes'),
  'redeem.throttled': zhEn('尝试次数过多，请于 {at} 后再试', 'Too many attempts; try again after {at}'),
} as const satisfies Record<string, Label>;
