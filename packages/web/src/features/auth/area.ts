import { KeyOutlined } from '@ant-design/icons';
import type { WebArea } from '../shared/area';
import { authPublicPages } from './public-pages';

/** The auth area: its pages by route name, its menu icon. Listed once in `app/areas.ts`. */
export const authArea = {
  name: 'auth',
  pages: {
    passwordModify: () => import('./PasswordModifyPage'),
  },
  publicPages: authPublicPages,
  icons: { KeyOutlined },
} satisfies WebArea;
