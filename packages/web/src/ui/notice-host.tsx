import { ConfigProvider, notification } from 'antd';
import type { ReactNode } from 'react';
import { useConsoleTheme } from '../shell/theme/use-console-theme';
import type { NoticeKind } from './notices';
import { noticeSeconds } from './notices';

/** Notices render outside the app tree; this keeps them in the user's light or dark theme, still when the system asks for less motion. */
function ThemedHolder({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={useConsoleTheme()}>{children}</ConfigProvider>;
}

ConfigProvider.config({ holderRender: (children) => <ThemedHolder>{children}</ThemedHolder> });

export function showNotice(kind: NoticeKind, title: string, description?: string) {
  notification[kind]({ title, description, duration: noticeSeconds });
}
