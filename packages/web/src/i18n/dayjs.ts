import type { Locale } from '@rookery/contracts';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { currentLocale, i18n } from './index';

const dayjsLocale: Record<Locale, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };

/**
 * dayjs in the console's language (month names, week start of the date pickers). Kept out of the
 * first load: only screens that show or pick times import dayjs, and they import it from here.
 */
dayjs.locale(dayjsLocale[currentLocale()]);
i18n.on('languageChanged', (locale) => dayjs.locale(dayjsLocale[locale as Locale] ?? 'en'));

export type { Dayjs } from 'dayjs';
export { dayjs };
