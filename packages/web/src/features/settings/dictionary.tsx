import { dictionaryResource } from '@rookery/contracts';
import { resourceScreen } from '../../crud/resource/screen';
import './texts';

/** Texts the game shows (`/setting/dictionary`), in each console language: a declaration. */
export const screen = resourceScreen({
  resource: dictionaryResource,
  entity: 'settings.dictionary.entity',
  labels: {
    key: 'settings.dictionary.key',
    'zh-CN': 'settings.dictionary.zhCN',
    'en-US': 'settings.dictionary.enUS',
    description: 'settings.dictionary.description',
  },
  fields: ['key', 'zh-CN', 'en-US', 'description'],
  blank: { description: '' },
});
