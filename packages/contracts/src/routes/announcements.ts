import { defineRoutes, ops, under } from './types.js';

/** Announcements and their templates (not built yet). */
export const announcementRoutes = defineRoutes([
  {
    path: '/announcement',
    name: 'announcement',
    icon: 'NotificationOutlined',
    redirect: '/announcement/list',
    auth: ops('announcementQuery', 'announcementTmplQuery'),
    children: [
      { path: 'list', name: 'announcementList', auth: ops('announcementQuery') },
      { path: 'list/edit', name: 'announcementEdit', ...under('announcementList'), auth: ops('announcementQuery') },
      { path: 'template', name: 'announcementTemplate', auth: ops('announcementTmplQuery') },
      {
        path: 'template/edit',
        name: 'announcementTemplateEdit',
        ...under('announcementTemplate'),
        auth: ops('announcementTmplCreate', 'announcementTmplEdit'),
      },
    ],
  },
]);
