import { zhEn } from '../../bilingual.js';
import { defineRoutes } from '../../routes/types.js';

/** The dashboard group: the console home, the tab that is always open. */
export const dashboardRoutes = defineRoutes([
  {
    path: '/dashboard',
    name: 'dashboard',
    title: zhEn('首页', 'Home'),
    icon: 'DashboardOutlined',
    redirect: '/dashboard/console',
    children: [{ path: 'console', name: 'console', title: zhEn('控制台', 'Console'), affixTab: true, built: true }],
  },
]);
