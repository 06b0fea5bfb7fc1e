import type { Label, Locale } from './permissions.js';

/**
 * Coded values (enums) carry their zh/en labels in contracts, beside the enum: the server and the
 * web take both from there. `labelsIn` gives one language's labels, e.g. for the web's i18n texts.
 */
export const labelsIn = <K extends string>(labels: Record<K, Label>, locale: Locale): Record<K, string> =>
  Object.fromEntries(Object.entries<Label>(labels).map(([k, l]) => [k, l[locale]])) as Record<K, string>;

export const enumLabel = (zh: string, en: string): Label => ({ 'zh-CN': zh, 'en-US': en });
