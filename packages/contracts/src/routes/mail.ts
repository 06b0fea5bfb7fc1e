import { defineRoutes, ops, under } from './types.js';

// Mail: personal, global and comeback mail, and the mail and reward templates (also under /template).
export const mailRoutes = defineRoutes([
  {
    path: '/email',
    name: 'email',
    icon: 'MailOutlined',
    redirect: '/email/list',
    auth: ops('mailQuery', 'globalMailQuery', 'mailTemplateQuery', 'mailRewardTemplateQuery'),
    children: [
      { path: 'list', name: 'emailList', auth: ops('mailQuery'), cache: true, built: true },
      {
        path: 'listedit',
        name: 'emailEdit',
        ...under('emailList'),
        activeMenuBy: { query: 'mailScope', names: { global: 'emailGlobal', comeback: 'emailComeback' } },
        auth: ops('mailCreate', 'globalMailCreate'),
        built: true,
      },
      { path: 'global', name: 'emailGlobal', auth: ops('globalMailQuery'), built: true },
      { path: 'comeback', name: 'emailComeback', auth: ops('globalMailQuery'), built: true },
      { path: 'tmplist', name: 'emailTemplateList', auth: ops('mailTemplateQuery'), built: true },
      {
        path: 'tmpedit',
        name: 'emailTemplateEdit',
        ...under('emailTemplateList'),
        auth: ops('mailTemplateCreate'),
        built: true,
      },
      { path: 'rewardtmpllist', name: 'emailRewardTemplateList', auth: ops('mailRewardTemplateQuery'), built: true },
      {
        path: 'rewardtmpledit',
        name: 'emailRewardTemplateEdit',
        ...under('emailRewardTemplateList'),
        auth: ops('mailRewardTemplateCreate'),
        built: true,
      },
    ],
  },
]);

export const templateRoutes = defineRoutes([
  {
    path: '/template',
    name: 'template',
    icon: 'FileTextOutlined',
    redirect: '/template/list',
    auth: ops('mailTemplateQuery'),
    children: [
      { path: 'list', name: 'templateList', built: true },
      { path: 'edit', name: 'templateEdit', ...under('templateList'), auth: ops('mailTemplateCreate'), built: true },
    ],
  },
]);
