import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { useConsoleTheme } from './use-console-theme';

/** Notices render outside the app tree; this keeps them in the user's light or dark theme, still when the system asks for less motion. */
function ThemedHolder({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={useConsoleTheme()}>{children}</ConfigProvider>;
}

ConfigProvider.config({ holderRender: (children) => <ThemedHolder>{children}</ThemedHolder> });
