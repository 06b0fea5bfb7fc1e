import { SendOutlined } from '@ant-design/icons';
import { zhEn } from '@rookery/contracts';
import { lazy } from 'react';
import type { WebArea } from '../shared/area';

/**
 * The push area: the player page's devices tab. Listed once in `app/areas.ts`. Sending and its history are not built yet.
 */
export const pushArea = {
  name: 'push',
  // The topic and template screens are not wired yet (their routes are not built).
  pages: {},
  icons: { SendOutlined },
  playerTabs: [
    {
      key: 'push',
      label: zhEn('推送设备', 'Push devices'),
      // Who may read push (the tab's endpoint's permission).
      rule: ['pushQuery'],
      Tab: lazy(() => import('./PlayerPushTab')),
    },
  ],
} satisfies WebArea;
