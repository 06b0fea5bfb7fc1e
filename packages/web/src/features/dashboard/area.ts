import { DashboardOutlined } from '@ant-design/icons';
import type { WebArea } from '../shared/area';

/** The dashboard area: its pages by route name, its menu icons. Listed once in `app/areas.ts`. */
export const dashboardArea = {
  name: 'dashboard',
  pages: {
    console: () => import('./ConsolePage'),
  },
  icons: { DashboardOutlined },
} satisfies WebArea;
