import { defineRoutes, ops } from './types.js';

/** Logs: all, access, client, error, statistics, frontend. */
export const logRoutes = defineRoutes([
  {
    path: '/log',
    name: 'log',
    icon: 'FileSearchOutlined',
    redirect: '/log/all-log',
    auth: ops('clientLogQuery', 'sysLogQuery'),
    children: [
      { path: 'all-log', name: 'logAll', built: true },
      { path: 'access-log', name: 'logAccess', auth: ['sysLogQuery'], built: true },
      { path: 'client-log', name: 'logClient', auth: ops('clientLogQuery'), built: true },
      { path: 'error-log', name: 'logError', auth: ['sysLogQuery'], built: true },
      { path: 'log-stats', name: 'logStats', built: true },
      { path: 'frontend', name: 'logFrontend', auth: ['sysLogQuery'], built: true },
      { path: 'incidents', name: 'logIncidents', built: true },
    ],
  },
]);
