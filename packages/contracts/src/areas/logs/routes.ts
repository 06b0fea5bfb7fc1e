import { zhEn } from '../../bilingual.js';
import { defineRoutes, ops } from '../../routes/types.js';

/** Logs: all, access, client, error, statistics, frontend. */
export const logRoutes = defineRoutes([
  {
    path: '/log',
    name: 'log',
    title: zhEn('日志', 'Logs'),
    icon: 'FileSearchOutlined',
    redirect: '/log/all-log',
    auth: ops('clientLogQuery', 'sysLogQuery'),
    children: [
      { path: 'all-log', name: 'logAll', title: zhEn('全部日志', 'All logs'), built: true },
      {
        path: 'access-log',
        name: 'logAccess',
        title: zhEn('访问日志', 'Access log'),
        auth: ['sysLogQuery'],
        built: true,
      },
      {
        path: 'client-log',
        name: 'logClient',
        title: zhEn('客户端日志', 'Client log'),
        auth: ops('clientLogQuery'),
        built: true,
      },
      { path: 'error-log', name: 'logError', title: zhEn('错误日志', 'Error log'), auth: ['sysLogQuery'], built: true },
      { path: 'log-stats', name: 'logStats', title: zhEn('日志统计', 'Log statistics'), built: true },
      {
        path: 'frontend',
        name: 'logFrontend',
        title: zhEn('前端日志', 'Front-end log'),
        auth: ['sysLogQuery'],
        built: true,
      },
      { path: 'incidents', name: 'logIncidents', title: zhEn('错误事件', 'Incidents'), built: true },
    ],
  },
]);
