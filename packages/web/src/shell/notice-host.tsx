import { ConfigProvider, notification } from 'antd';
import type { ReactNode } from 'react';
import type { NoticeKind } from './notices';
import { noticeSeconds } from './notices';
import { useSettings } from './settings/store';
import { consoleTheme } from './theme/theme';

/** Notices render outside the app tree; this keeps them in the user's light or dark theme. */
function ThemedHolder({ children }: { children: ReactNode }) {
  const dark = useSettings((s) => s.theme === 'dark');
  return <ConfigProvider theme={consoleTheme(dark ? 'dark' : 'light')}>{children}</ConfigProvider>;
}

ConfigProvider.config({ holderRender: (children) => <ThemedHolder>{children}</ThemedHolder> });

export function showNotice(kind: NoticeKind, title: string, description?: string) {
  notification[kind]({ title, description, duration: noticeSeconds });
}
