import { zhEn } from '../../bilingual.js';
import { defineRoutes, ops } from '../../routes/types.js';

// Performance: the console and game API timings.
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
