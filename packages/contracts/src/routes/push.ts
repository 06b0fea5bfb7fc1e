import { defineRoutes, ops, under } from './types.js';

/** Push notifications, templates and topics (not built yet). */
export const pushRoutes = defineRoutes([
  {
    path: '/push',
    name: 'push',
    icon: 'SendOutlined',
    redirect: '/push/send',
    auth: ops('pushQuery', 'pushTemplateQuery', 'pushTopicQuery'),
    children: [
      { path: 'send', name: 'pushSend', auth: ops('pushQuery') },
      { path: 'list', name: 'pushList', auth: ops('pushQuery') },
      { path: 'tmpl/list', name: 'pushTemplateList', auth: ops('pushTemplateQuery') },
      { path: 'tmpl/edit', name: 'pushTemplateEdit', ...under('pushTemplateList'), auth: ops('pushTemplateQuery') },
      { path: 'subscribe', name: 'pushSubscribe', auth: ops('pushTopicQuery') },
      { path: 'subscribe/edit', name: 'pushSubscribeEdit', ...under('pushSubscribe'), auth: ops('pushTopicQuery') },
    ],
  },
]);
