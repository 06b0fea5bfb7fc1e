import { type Label, zhEn } from '../../bilingual.js';

/** Messages of push devices, topics and templates. */
export const pushMessages = {
  'push.tokenRequired': zhEn('推送令牌不能为空', 'The push token is empty'),
  'push.tokenTooLong': zhEn('推送令牌过长（最多 4096 个字符）', 'The push token is too long (4096 characters at most)'),
  'push.tokenShapeIos': zhEn(
    '不是 iOS（APNs）令牌：应为 64 位十六进制字符',
    'Not an iOS (APNs) token: it is 64 hexadecimal digits',
  ),
  'push.tokenShapeAndroid': zhEn(
    '不是 Android（FCM）令牌：应为 100–4096 个字母、数字、_、-、:',
    'Not an Android (FCM) token: it is 100–4096 letters, digits, _, - and :',
  ),
  'push.tokenInvalid': zhEn('推送令牌只含字母、数字、_、-、:', 'A push token holds only letters, digits, _, - and :'),
  'push.platform': zhEn('平台应为 android 或 ios', 'The platform is android or ios'),
  'push.language': zhEn('语言应为如 zh-CN、en-US 的语言代码', 'The language is a code such as zh-CN or en-US'),
  'push.timezone': zhEn(
    '时区应为 IANA 时区名，如 Asia/Shanghai',
    'The time zone is an IANA name such as Asia/Shanghai',
  ),
  'push.appVersion': zhEn('应用版本应为 1–32 个字符', 'The app version is 1–32 characters'),
  'push.tooManyTopics': zhEn('一次最多 100 个主题', 'At most 100 topics at a time'),
  'push.unknownTopics': zhEn('未知或已停用的主题：{names}', 'Unknown or disabled topics: {names}'),
  'push.unknownVariable': zhEn(
    '发送时无法提供的变量：{names}（可用：{allowed}）',
    'Variables a send cannot provide: {names} (available: {allowed})',
  ),
  'push.httpsUrl': zhEn('应为以 https:// 开头的链接', 'An https:// link'),
  'push.deepLink': zhEn('应为如 mygame://shop 的链接', 'A link such as mygame://shop'),
} as const satisfies Record<string, Label>;
