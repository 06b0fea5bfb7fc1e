import { notification } from 'antd';
import { type NoticeKind, noticeSeconds } from './notice-kind';

/** Notices render outside the app tree; `shell/theme/themed-notices.tsx` keeps them in the console's theme. */
export function showNotice(kind: NoticeKind, title: string, description?: string) {
  notification[kind]({ title, description, duration: noticeSeconds });
}
