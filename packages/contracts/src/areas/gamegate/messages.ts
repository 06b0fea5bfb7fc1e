import { type Label, zhEn } from '../../bilingual.js';

/** Messages of maintenance, version upgrade and IP country (spread into `messages`; no schemas here, so the login page's messages stay small). */
export const gamegateMessages = {
  'gate.messageRequired': zhEn('请输入提示文字', 'Please enter the message'),
  'gate.messageTooLong': zhEn('提示文字太长', 'The message is too long'),
  'gate.endAfterStart': zhEn('结束时间应晚于开始时间', 'The end must be after the start'),
  'gate.versionRange': zhEn('最高版本不能低于最低版本', 'The highest version cannot be below the lowest'),
  'gate.cidr': zhEn(
    '应为 IP 地址或 CIDR 网段，如 10.0.0.0/8 或 2001:db8::/32',
    'An IP address or CIDR range, e.g. 10.0.0.0/8 or 2001:db8::/32',
  ),
  'gate.ip': zhEn('应为 IPv4 或 IPv6 地址', 'An IPv4 or IPv6 address'),
  'gate.userId': zhEn('玩家 ID 应为正整数', 'A user ID is a positive whole number'),
  'gate.storeUrl': zhEn('应为 http(s) 链接', 'An http(s) link'),
  'gate.minAboveLatest': zhEn('最低支持版本不能高于最新版本', 'The minimum version cannot be above the latest'),
  'gate.level': zhEn('等级应为强制、推荐或静默', 'The level is forced, recommended or silent'),
  'gate.order': zhEn('顺序应为非负整数', 'The order is a whole number, 0 or more'),
  'gate.maintenance': zhEn(
    '服务器维护中：{message}（预计 {endAt} 结束）',
    'Under maintenance: {message} (until {endAt})',
  ),
  'gate.upgradeForced': zhEn('请更新到最新版本：{message}', 'Please update to the latest version: {message}'),
} as const satisfies Record<string, Label>;
