import { zhEn } from '../../bilingual.js';
import { defineRoutes, ops, under } from '../../routes/types.js';

/** Push notifications: sending, its history, templates and topics. */
export const pushRoutes = defineRoutes([
  {
    path: '/push',
    name: 'push',
    title: zhEn('推送', 'Push'),
    icon: 'SendOutlined',
    redirect: '/push/send',
    auth: ops('pushQuery', 'pushTemplateQuery', 'pushTopicQuery'),
    children: [
      { path: 'send', name: 'pushSend', title: zhEn('发送推送', 'Send push'), auth: ops('pushSend'), built: true },
      { path: 'list', name: 'pushList', title: zhEn('推送记录', 'Push history'), auth: ops('pushQuery'), built: true },
      {
        path: 'tmpl/list',
        name: 'pushTemplateList',
        title: zhEn('推送模板', 'Push templates'),
        auth: ops('pushTemplateQuery'),
        built: true,
      },
      {
        path: 'tmpl/edit',
        name: 'pushTemplateEdit',
        title: zhEn('编辑推送模板', 'Edit push template'),
        newTitle: zhEn('新建推送模板', 'New push template'),
        ...under('pushTemplateList'),
        auth: ops('pushTemplateQuery'),
        built: true,
      },
      {
        path: 'subscribe',
        name: 'pushSubscribe',
        title: zhEn('推送订阅', 'Push topics'),
        auth: ops('pushTopicQuery'),
        built: true,
      },
      {
        path: 'subscribe/edit',
        name: 'pushSubscribeEdit',
        title: zhEn('编辑推送订阅', 'Edit push topic'),
        newTitle: zhEn('新建推送订阅', 'New push topic'),
        ...under('pushSubscribe'),
        auth: ops('pushTopicQuery'),
        built: true,
      },
    ],
  },
]);
