import { zhEn } from '../../bilingual.js';
import { defineRoutes, ops, under } from '../../routes/types.js';

// Mail: personal, global and comeback mail, and the mail and reward templates (also under /template).
export const mailRoutes = defineRoutes([
  {
    path: '/email',
    name: 'email',
    title: zhEn('邮件', 'Mail'),
    icon: 'MailOutlined',
    redirect: '/email/list',
    auth: ops('mailQuery', 'globalMailQuery', 'mailTemplateQuery', 'mailRewardTemplateQuery'),
    children: [
      {
        path: 'list',
        name: 'emailList',
        title: zhEn('个人邮件', 'Personal mail'),
        auth: ops('mailQuery'),
        cache: true,
        built: true,
      },
      {
        path: 'listedit',
        name: 'emailEdit',
        title: zhEn('编辑邮件', 'Edit mail'),
        newTitle: zhEn('新建邮件', 'New mail'),
        ...under('emailList'),
        activeMenuBy: { query: 'mailScope', names: { global: 'emailGlobal', comeback: 'emailComeback' } },
        auth: ops('mailCreate', 'globalMailCreate'),
        built: true,
      },
      {
        path: 'global',
        name: 'emailGlobal',
        title: zhEn('全服邮件', 'Global mail'),
        auth: ops('globalMailQuery'),
        built: true,
      },
      {
        path: 'comeback',
        name: 'emailComeback',
        title: zhEn('回流邮件', 'Comeback mail'),
        auth: ops('globalMailQuery'),
        built: true,
      },
      {
        path: 'tmplist',
        name: 'emailTemplateList',
        title: zhEn('邮件模板', 'Mail templates'),
        auth: ops('mailTemplateQuery'),
        built: true,
      },
      {
        path: 'tmpedit',
        name: 'emailTemplateEdit',
        title: zhEn('编辑邮件模板', 'Edit mail template'),
        newTitle: zhEn('新建邮件模板', 'New mail template'),
        ...under('emailTemplateList'),
        auth: ops('mailTemplateCreate'),
        built: true,
      },
      {
        path: 'rewardtmpllist',
        name: 'emailRewardTemplateList',
        title: zhEn('奖励模板', 'Reward templates'),
        auth: ops('mailRewardTemplateQuery'),
        built: true,
      },
      {
        path: 'rewardtmpledit',
        name: 'emailRewardTemplateEdit',
        title: zhEn('编辑奖励模板', 'Edit reward template'),
        newTitle: zhEn('新建奖励模板', 'New reward template'),
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
    title: zhEn('模板', 'Templates'),
    icon: 'FileTextOutlined',
    redirect: '/template/list',
    auth: ops('mailTemplateQuery'),
    children: [
      { path: 'list', name: 'templateList', title: zhEn('模板列表', 'Template list'), built: true },
      {
        path: 'edit',
        name: 'templateEdit',
        title: zhEn('编辑模板', 'Edit template'),
        newTitle: zhEn('新建模板', 'New template'),
        ...under('templateList'),
        auth: ops('mailTemplateCreate'),
        built: true,
      },
    ],
  },
]);
