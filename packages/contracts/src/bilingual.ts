/**
 * A text in both languages of the console (zh-CN, the default, and en-US): the shape every
 * catalogue of the contracts writes its texts in (permissions, messages, routes' labels, audit
 * sentences, jobs, field and value labels).
 */
export interface Label {
  'zh-CN': string;
  'en-US': string;
}

export type Locale = keyof Label;
export const locales = ['zh-CN', 'en-US'] as const satisfies readonly Locale[];
export const defaultLocale: Locale = 'zh-CN';

/** A text in both languages: `zhEn('邮件', 'Mail')`. Every contracts file writes its labels with this one. */
export const zhEn = (zh: string, en: string): Label => ({ 'zh-CN': zh, 'en-US': en });
