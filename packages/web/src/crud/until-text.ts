import type { TFunction } from 'i18next';
import { dayjs } from '../i18n/dayjs';
import { timeFormat } from './format';
import './consequence-texts';

/** An end time in the operator's zone and in UTC, or "Permanent" when there is none. */
export function untilText(until: string | null | undefined, t: TFunction): string {
  if (!until) return t('consequence.permanent');
  const time = dayjs(until);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const utc = new Date(until).toISOString().slice(0, 16).replace('T', ' ');
  return `${t('consequence.untilLocal', { local: time.format(timeFormat), zone })} · ${t('consequence.utc', { utc })}`;
}
