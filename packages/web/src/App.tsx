import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { queryClient } from './api/query-client';
import { router } from './app/router';
import { localiseTabAnnouncements } from './i18n/tab-announcements';
import { useConsoleTheme } from './shell/theme/use-console-theme';
import { loadBeforeFirstNotice } from './ui/notices';

const antdLocales = { 'zh-CN': zhCN, 'en-US': enUS };

// Notices show in the console's theme: its holder loads with the first notice.
loadBeforeFirstNotice(() => import('./shell/theme/themed-notices'));

/** Providers around the router: language and theme (light or dark, still or moving) for AntD, and the query cache. */
export function App() {
  const { i18n, t } = useTranslation();
  const theme = useConsoleTheme();
  // antd's tabs tell a screen reader "Tab 1 of 6" in English whatever the locale: said in ours.
  useEffect(() => localiseTabAnnouncements(document.body, t), [t]);
  return (
    <ConfigProvider locale={antdLocales[i18n.language as keyof typeof antdLocales] ?? zhCN} theme={theme}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>
  );
}
