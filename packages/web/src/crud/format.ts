import { translate } from '@rookery/contracts';
import { currentLocale } from '../i18n';
import { dayjs } from '../i18n/dayjs';
import { formatNumberIn } from './number-format';

/** Spec §9's display format, in the browser's time zone. */
export const timeFormat = 'YYYY-MM-DD HH:mm:ss';

/** A wire timestamp for display: '-' when absent, the catalogue's 'invalid date' when unreadable. */
export function formatTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const time = dayjs(value);
  return time.isValid() ? time.format(timeFormat) : translate('v.invalidDate', currentLocale());
}

/** A number with the UI language's thousands separators (UX.md §4); '-' when absent. */
export const formatNumber = (value: number | string | bigint | null | undefined): string =>
  formatNumberIn(value, currentLocale());

/** A language code ("zh-CN") as its name in the UI language ("中文（中国）"); the code when unknown. */
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames([currentLocale()], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
