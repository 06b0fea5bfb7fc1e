import { opsRoles } from '../access.js';
import { defineRoutes, ops } from './types.js';

// Game servers (not built yet), performance and Redis tools.
export const serverRoutes = defineRoutes([
  {
    path: '/game-server',
    name: 'gameServer',
    icon: 'CloudServerOutlined',
    redirect: '/game-server/list',
    auth: ops('serverInfoQuery'),
    children: [{ path: 'list', name: 'gameServerList' }],
  },
]);

export const performanceRoutes = defineRoutes([
  {
    path: '/performance',
    name: 'performance',
    icon: 'LineChartOutlined',
    redirect: '/performance/server',
    auth: ops('serverInfoQuery'),
    children: [
      { path: 'server', name: 'performanceServer', auth: ops('serverInfoQuery'), built: true },
      { path: 'redis', name: 'performanceRedis', auth: ['redisQuery'], built: true },
    ],
  },
]);

export const redisRoutes = defineRoutes([
  {
    path: '/redis',
    name: 'redis',
    icon: 'DatabaseOutlined',
    redirect: '/redis/redis-del',
    auth: [...opsRoles],
    children: [{ path: 'redis-del', name: 'redisDelete', auth: ['redisQuery'], built: true }],
  },
]);
