import { DatabaseOutlined } from '@ant-design/icons';
import type { WebArea } from '../shared/area';

/** The redis area: its pages by route name, its menu icons. Listed once in `app/areas.ts`. */
export const redisArea = {
  name: 'redis',
  pages: {
    redisDelete: () => import('./RedisDeletePage'),
    performanceRedis: () => import('./RedisPerformancePage'),
  },
  icons: { DatabaseOutlined },
} satisfies WebArea;
