import type { Locale, ZodLocaleError } from '@rookery/contracts';
import { z } from 'zod';

/**
 * zod's own messages per UI language, for the issues our catalogue does not word. Each loads on
 * first use (not with the login page); until then such an issue reads "invalid value" in the UI
 * language, never zod's English.
 */
const loaders: Record<Locale, () => Promise<{ default: () => { localeError: ZodLocaleError } }>> = {
  'zh-CN': () => import('zod/v4/locales/zh-CN.js'),
  'en-US': () => import('zod/v4/locales/en.js'),
};

const loaded: Partial<Record<Locale, ZodLocaleError>> = {};

export async function loadZodLocale(locale: Locale): Promise<void> {
  const localeError = loaded[locale] ?? (await loaders[locale]()).default().localeError;
  loaded[locale] = localeError;
  z.config({ localeError });
}

/** The loaded zod locale of a UI language, if any. */
export const zodLocale = (locale: Locale): ZodLocaleError | undefined => loaded[locale];
