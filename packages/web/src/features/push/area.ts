import { SendOutlined } from '@ant-design/icons';
import { zhEn } from '@rookery/contracts';
import { lazy } from 'react';
import { chunkPages, resourcePageLoaders, type WebArea } from '../shared/area';

/**
 * The push area: topics and templates (kit pages), the player page's devices tab. Listed once in
 * `app/areas.ts`.
 */
export const pushArea = {
  name: 'push',
  pages: {
    ...chunkPages(
      () => import('./sends').then((m) => ({ pushSend: m.PushSendPage, pushList: m.PushListPage })),
      ['pushSend', 'pushList'],
    ),
    ...resourcePageLoaders(
      () => import('./screens').then((m) => m.pushTopicScreen),
      ['pushSubscribe', 'pushSubscribeEdit'],
    ),
    ...resourcePageLoaders(
      () => import('./screens').then((m) => m.pushTemplateScreen),
      ['pushTemplateList', 'pushTemplateEdit'],
    ),
  },
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
