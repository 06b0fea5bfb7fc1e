import { zhEn } from '../../bilingual.js';
import { defineRoutes, ops, under } from '../../routes/types.js';

/** Announcements and their templates. */
export const announcementRoutes = defineRoutes([
  {
    path: '/announcement',
    name: 'announcement',
    title: zhEn('公告', 'Announcements'),
    icon: 'NotificationOutlined',
    redirect: '/announcement/list',
    auth: ops('announcementQuery', 'announcementTmplQuery'),
    children: [
      {
        path: 'list',
        name: 'announcementList',
        title: zhEn('公告列表', 'Announcement list'),
        auth: ops('announcementQuery'),
        built: true,
      },
      {
        path: 'list/edit',
        name: 'announcementEdit',
        title: zhEn('编辑公告', 'Edit announcement'),
        newTitle: zhEn('新建公告', 'New announcement'),
        ...under('announcementList'),
        auth: ops('announcementQuery'),
        built: true,
      },
      {
        path: 'template',
        name: 'announcementTemplate',
        title: zhEn('公告模板', 'Announcement templates'),
        auth: ops('announcementTmplQuery'),
        built: true,
      },
      {
        path: 'template/edit',
        name: 'announcementTemplateEdit',
        title: zhEn('编辑公告模板', 'Edit announcement template'),
        newTitle: zhEn('新建公告模板', 'New announcement template'),
        ...under('announcementTemplate'),
        auth: ops('announcementTmplCreate', 'announcementTmplEdit'),
        built: true,
      },
    ],
  },
]);
