import { defineRoutes } from './types.js';

/** The dashboard group: the console home, the tab that is always open. */
export const dashboardRoutes = defineRoutes([
  {
    path: '/dashboard',
    name: 'dashboard',
    icon: 'DashboardOutlined',
    redirect: '/dashboard/console',
    children: [{ path: 'console', name: 'console', affixTab: true, built: true }],
  },
]);
