import { type Locale, translate } from '@rookery/contracts';

/** Statuses the error catalogue (spec §8) has a text for. */
export function isCataloguedStatus(status: number): boolean {
  return status >= 400 && status <= 505;
}

/** The catalogue text of an HTTP status; 404 also names the address, as the spec says. */
export function httpErrorText(status: number, locale: Locale, url?: string): string {
  const key = `http.${status}`;
  const text = translate(key, locale);
  if (text !== key) return status === 404 && url ? `${text}: ${url}` : text;
  return translate(status >= 500 ? 'http.500' : 'http.400', locale);
}
