import type { Locale } from '@rookery/contracts';

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number with the locale's thousands separators (UX.md §4): 1,234,567 in both zh-CN and en-US.
 * '-' when absent; a value that is not a finite number is shown as it came.
 */
export function formatNumberIn(value: number | string | bigint | null | undefined, locale: Locale): string {
  if (value === null || value === undefined || value === '') return '-';
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n === 'number' && !Number.isFinite(n)) return String(value);
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 20 });
    numberFormats.set(locale, format);
  }
  return format.format(n);
}
