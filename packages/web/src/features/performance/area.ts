import { LineChartOutlined } from '@ant-design/icons';
import type { WebArea } from '../shared/area';

/** The performance area: its pages by route name, its menu icons. Listed once in `app/areas.ts`. */
export const performanceArea = {
  name: 'performance',
  pages: {
    performanceServer: () => import('./ServerPerformancePage'),
  },
  icons: { LineChartOutlined },
} satisfies WebArea;
