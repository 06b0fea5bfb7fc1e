import { FileSearchOutlined } from '@ant-design/icons';
import type { WebArea } from '../shared/area';

/** The logs area: its pages by route name, its menu icons. Listed once in `app/areas.ts`. */
export const logsArea = {
  name: 'logs',
  pages: {
    logAll: () => import('./AllLogPage'),
    logAccess: () => import('./AccessLogPage'),
    logClient: () => import('./ClientLogPage'),
    logError: () => import('./ErrorLogPage'),
    logFrontend: () => import('./FrontendLogPage'),
    logStats: () => import('./LogStatsPage'),
    logIncidents: () => import('./IncidentsPage'),
  },
  icons: { FileSearchOutlined },
} satisfies WebArea;
