import type { Locale } from '@rookery/contracts';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enUS } from './en-US';
import { localeStorageKey, pickInitialLocale } from './locale';
import { zhCN } from './zh-CN';

const dayjsLocale: Record<Locale, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };

function readSavedLocale(): string | null {
  try {
    return localStorage.getItem(localeStorageKey);
  } catch {
    return null;
  }
}

const initial = pickInitialLocale(readSavedLocale(), navigator.languages ?? [navigator.language]);

i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN }, 'en-US': { translation: enUS } },
  lng: initial,
  fallbackLng: 'zh-CN',
  interpolation: { escapeValue: false },
});
applyLocaleSideEffects(initial);

function applyLocaleSideEffects(locale: Locale) {
  dayjs.locale(dayjsLocale[locale]);
  document.documentElement.lang = locale;
}

export function currentLocale(): Locale {
  return (i18n.resolvedLanguage ?? i18n.language) as Locale;
}

/** Switch language everywhere: texts, AntD (it reads i18n), dayjs, and the saved choice. */
export async function setLocale(locale: Locale) {
  localStorage.setItem(localeStorageKey, locale);
  applyLocaleSideEffects(locale);
  await i18n.changeLanguage(locale);
}

export { i18n };
