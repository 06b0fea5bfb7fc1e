import { FundOutlined } from '@ant-design/icons';
import type { WebArea } from '../shared/area';

/** The promotion area: its page by route name, its menu icon. Listed once in `app/areas.ts`. */
export const promotionArea = {
  name: 'promotion',
  pages: {
    promotionRecords: () => import('./PromotionPage'),
  },
  icons: { FundOutlined },
} satisfies WebArea;
