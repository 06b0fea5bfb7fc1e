import { dictionaryResource } from '@rookery/contracts';
import { resourceScreen } from '../../crud/resource/screen';
import './texts';

/** Texts the game shows (`/setting/dictionary`), in each console language: a declaration. */
export const dictionaryScreen = resourceScreen({
  resource: dictionaryResource,
  entity: 'settings.dictionary.entity',
  fields: ['key', 'zh-CN', 'en-US', 'description'],
  blank: { description: '' },
});
