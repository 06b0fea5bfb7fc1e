import { i18n } from './index';

/**
 * Add a feature's (or the kit's) zh-CN and en-US texts to the console's resources (deep-merged,
 * once): each part's texts load with its code, so screens that do not use them do not carry them.
 */
export function addTexts(zh: object, en: object) {
  i18n.addResourceBundle('zh-CN', 'translation', zh, true, false);
  i18n.addResourceBundle('en-US', 'translation', en, true, false);
}
