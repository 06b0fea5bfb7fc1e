import { NotificationOutlined } from '@ant-design/icons';
import { resourcePageLoaders, type WebArea } from '../shared/area';

/**
 * Announcements: the in-game notices and their templates, and the game's standing notices under
 * the settings menu (kit pages with rich-text bodies shown through the whitelist). Listed once in
 * `app/areas.ts`.
 */
export const announcementsArea = {
  name: 'announcements',
  pages: {
    ...resourcePageLoaders(
      () => import('./screens').then((m) => m.announcementScreen),
      ['announcementList', 'announcementEdit'],
    ),
    ...resourcePageLoaders(
      () => import('./screens').then((m) => m.announcementTemplateScreen),
      ['announcementTemplate', 'announcementTemplateEdit'],
    ),
    ...resourcePageLoaders(
      () => import('./screens').then((m) => m.standingNoticeScreen),
      ['settingAnnouncementList', 'settingAnnouncementEdit'],
    ),
  },
  icons: { NotificationOutlined },
} satisfies WebArea;
