import { FileTextOutlined, MailOutlined } from '@ant-design/icons';
import { routeAuth, zhEn } from '@rookery/contracts';
import { lazy } from 'react';
import type { WebArea } from '../shared/area';

/** The mail area: its pages by route name, its menu icons. Listed once in `app/areas.ts`. */
export const mailArea = {
  name: 'mail',
  pages: {
    emailList: () => import('./PersonalMailListPage'),
    emailGlobal: () => import('./GlobalMailListPage'),
    emailComeback: () => import('./ComebackMailListPage'),
    emailEdit: () => import('./MailEditPage'),
    emailTemplateList: () => import('./MailTemplateListPage'),
    emailTemplateEdit: () => import('./MailTemplateEditPage'),
    emailRewardTemplateList: () => import('./RewardTemplateListPage'),
    emailRewardTemplateEdit: () => import('./RewardTemplateEditPage'),
    templateList: () => import('./MailTemplateListPage'),
    templateEdit: () => import('./MailTemplateEditPage'),
  },
  icons: { FileTextOutlined, MailOutlined },
  playerTabs: [
    {
      key: 'mails',
      label: zhEn('邮件', 'Mail'),
      rule: routeAuth('emailList'),
      // Loaded with the mail area's own chunk, only when opened.
      Tab: lazy(() => import('./PlayerMailTab').then((m) => ({ default: m.PlayerMailTab }))),
    },
  ],
} satisfies WebArea;
