import { defaultLocale, type Locale, locales } from '@rookery/contracts';

/** Where the chosen language is kept (spec §9). */
export const localeStorageKey = 'i18n-locale';

const isLocale = (value: unknown): value is Locale => locales.includes(value as Locale);

/** Saved value, else the first supported browser language, else the default (spec §4). */
export function pickInitialLocale(saved: string | null, browserLanguages: readonly string[]): Locale {
  if (isLocale(saved)) return saved;
  for (const language of browserLanguages) {
    const lower = language.toLowerCase();
    const match = locales.find((l) => l.toLowerCase() === lower || l.slice(0, 2).toLowerCase() === lower.slice(0, 2));
    if (match) return match;
  }
  return defaultLocale;
}
