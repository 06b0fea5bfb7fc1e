import { pushTemplateResource, pushTopicResource } from '@rookery/contracts';
import { Tag } from 'antd';
import { resourceScreen } from '../../crud/resource/screen';
import './texts';

/**
 * Push topics (`/push/subscribe`): a name the game subscribes players to, its description in both
 * languages and its subscriber count (the server's). Kit list and edit pages.
 */
export const pushTopicScreen = resourceScreen({
  resource: pushTopicResource,
  entity: 'push.topic.entity',
  render: {
    enabled: (row, t) =>
      row.enabled ? <Tag color="green">{t('push.topic.on')}</Tag> : <Tag>{t('push.topic.off')}</Tag>,
  },
  fields: ['key', 'zh-CN', 'en-US', 'enabled'],
  hints: { key: 'push.topic.keyHint', enabled: 'push.topic.enabledHint' },
  blank: { 'zh-CN': '', 'en-US': '', enabled: true },
});

/**
 * Push templates (`/push/tmpl/list`): title and body per language with the variables a send fills
 * in (an unknown `{name}` is refused on its field, by the contracts' schema), a deep link and an
 * image. Kit list and edit pages (versions, diff, restore).
 */
export const pushTemplateScreen = resourceScreen({
  resource: pushTemplateResource,
  entity: 'push.template.entity',
  fields: ['name', ['titleZh', 'titleEn'], 'bodyZh', 'bodyEn', 'deepLink', 'imageUrl', 'note'],
  hints: {
    bodyZh: 'push.template.variablesHint',
    bodyEn: 'push.template.variablesHint',
    deepLink: 'push.template.deepLinkHint',
    imageUrl: 'push.template.imageHint',
  },
  placeholders: { deepLink: 'push.template.deepLinkExample', imageUrl: 'push.template.imageExample' },
  blank: { titleZh: '', bodyZh: '', titleEn: '', bodyEn: '', deepLink: '', imageUrl: '', note: '' },
});
