import { type Label, zhEn } from '../../bilingual.js';

/** Messages of announcements, their templates and the standing notices. */
export const announcementMessages = {
  'announcement.kind': zhEn('请选择公告类型', 'Choose the kind of announcement'),
  'announcement.noticeKind': zhEn('请选择常驻公告类型', 'Choose the kind of notice'),
  'announcement.priority': zhEn('优先级应为 0–1000 的整数', 'The priority is a whole number from 0 to 1000'),
  'announcement.imageHttps': zhEn('图片链接应为 https 地址', 'The image URL is an https address'),
  'announcement.appVersion': zhEn('应用版本应为如 1.3.0 的版本号', 'The app version is a version such as 1.3.0'),
  'announcement.scriptTag': zhEn(
    '正文不能含脚本：{names}（允许的标签：{allowed}）',
    'The body may not hold scripts: {names} (allowed tags: {allowed})',
  ),
  'announcement.tagNotAllowed': zhEn(
    '正文含不允许的标签：{names}（允许的标签：{allowed}）',
    'The body holds tags that are not allowed: {names} (allowed tags: {allowed})',
  ),
  'announcement.eventAttribute': zhEn('正文不能含事件属性：{names}', 'The body may not hold event attributes: {names}'),
  'announcement.attributeNotAllowed': zhEn(
    '正文含不允许的属性：{names}（只有链接的 href）',
    'The body holds attributes that are not allowed: {names} (only a link’s href)',
  ),
  'announcement.linkNotHttps': zhEn('链接只能是 https 地址：{names}', 'Links may only be https addresses: {names}'),
  'announcement.seenId': zhEn('应为公告编号或 notes:<标识>', 'An announcement number or notes:<key>'),
  'announcement.notFound': zhEn('公告 {id} 不存在', 'Announcement {id} does not exist'),
} as const satisfies Record<string, Label>;
