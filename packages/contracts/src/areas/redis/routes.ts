import { opsRoles } from '../../access.js';
import { zhEn } from '../../bilingual.js';
import { defineRoutes } from '../../routes/types.js';

// Redis tools.
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
