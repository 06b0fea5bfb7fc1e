import { opsRoles } from '../access.js';
import { zhEn } from '../bilingual.js';
import { defineRoutes, ops } from './types.js';

// Game servers (not built yet), performance and Redis tools.
export const serverRoutes = defineRoutes([
  {
    path: '/game-server',
    name: 'gameServer',
    title: zhEn('游戏服务器', 'Game servers'),
    icon: 'CloudServerOutlined',
    redirect: '/game-server/list',
    auth: ops('serverInfoQuery'),
    children: [{ path: 'list', name: 'gameServerList', title: zhEn('服务器列表', 'Server list') }],
  },
]);

export const performanceRoutes = defineRoutes([
  {
    path: '/performance',
    name: 'performance',
    title: zhEn('性能', 'Performance'),
    icon: 'LineChartOutlined',
    redirect: '/performance/server',
    auth: ops('serverInfoQuery'),
    children: [
      {
        path: 'server',
        name: 'performanceServer',
        title: zhEn('服务器性能', 'Server performance'),
        auth: ops('serverInfoQuery'),
        built: true,
      },
      {
        path: 'redis',
        name: 'performanceRedis',
        title: zhEn('Redis 性能', 'Redis performance'),
        auth: ['redisQuery'],
        built: true,
      },
    ],
  },
]);

export const redisRoutes = defineRoutes([
  {
    path: '/redis',
    name: 'redis',
    title: zhEn('Redis', 'Redis'),
    icon: 'DatabaseOutlined',
    redirect: '/redis/redis-del',
    auth: [...opsRoles],
    children: [
      {
        path: 'redis-del',
        name: 'redisDelete',
        title: zhEn('删除 Redis 键', 'Delete Redis keys'),
        auth: ['redisQuery'],
        built: true,
      },
    ],
  },
]);
