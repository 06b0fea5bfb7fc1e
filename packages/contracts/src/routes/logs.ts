import { defineRoutes, ops } from './types.js';

/** Logs: all, access, client, error, statistics, frontend (not built yet). */
export const logRoutes = defineRoutes([
  {
    path: '/log',
    name: 'log',
    icon: 'FileSearchOutlined',
    redirect: '/log/all-log',
    auth: ops('clientLogQuery', 'sysLogQuery'),
    children: [
      { path: 'all-log', name: 'logAll' },
      { path: 'access-log', name: 'logAccess' },
      { path: 'client-log', name: 'logClient', auth: ops('clientLogQuery') },
      { path: 'error-log', name: 'logError' },
      { path: 'log-stats', name: 'logStats' },
      { path: 'frontend', name: 'logFrontend' },
    ],
  },
]);
