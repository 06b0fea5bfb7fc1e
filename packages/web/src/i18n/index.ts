import type { Locale } from '@rookery/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localeStorageKey, pickInitialLocale } from './locale';
import { type Translation, zhCN } from './zh-CN';

function readSavedLocale(): string | null {
  try {
    return localStorage.getItem(localeStorageKey);
  } catch {
    return null;
  }
}

const initial = pickInitialLocale(readSavedLocale(), navigator.languages ?? [navigator.language]);

/**
 * Chinese, the default, ships with the first load; English loads when it is first needed. Render
 * after `i18nReady`, so a saved English choice never shows a Chinese flash.
 */
const loaders: Record<Locale, () => Promise<Translation>> = {
  'zh-CN': async () => zhCN,
  'en-US': async () => (await import('./en-US')).enUS,
};

/**
 * Core texts already in the resources. Tracked apart from i18next's bundles: a feature may have
 * merged its own English texts in before the core English ones were ever loaded.
 */
const loadedLocales = new Set<Locale>(['zh-CN']);

async function loadLocale(locale: Locale) {
  if (loadedLocales.has(locale)) return;
  // Deep-merged without overwriting, so texts a feature added earlier stay.
  i18n.addResourceBundle(locale, 'translation', await loaders[locale](), true, false);
  loadedLocales.add(locale);
}

i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN } },
  lng: initial,
  fallbackLng: 'zh-CN',
  interpolation: { escapeValue: false },
});

export const i18nReady: Promise<void> = loadLocale(initial).then(async () => {
  applyLocaleSideEffects(initial);
  await i18n.changeLanguage(initial);
});

function applyLocaleSideEffects(locale: Locale) {
  document.documentElement.lang = locale;
  // Not awaited: validation words its own messages meanwhile, and the first page needs none of zod's.
  // Imported on demand, so zod itself stays off the login page's first load.
  void import('./zod-locale').then((m) => m.loadZodLocale(locale));
}

export function currentLocale(): Locale {
  return (i18n.resolvedLanguage ?? i18n.language) as Locale;
}

/** Switch language everywhere: texts, AntD and dayjs (they follow i18n), and the saved choice. */
export async function setLocale(locale: Locale) {
  await loadLocale(locale);
  localStorage.setItem(localeStorageKey, locale);
  applyLocaleSideEffects(locale);
  await i18n.changeLanguage(locale);
}

export { i18n };
