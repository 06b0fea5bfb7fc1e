/**
 * Texts a player reads (mail, push, announcements) are written per language; this picks the one a
 * player's language reads. One rule for every area that sends a player text.
 */

/** The language a player text falls back to when the player's language has none: the console's default. */
export const defaultTextLanguage = 'zh-CN';

/**
 * The text for a player's language: the exact language, else the same language in another
 * region (`en` for `en-GB`), else the default language, else English, else any. `lang` is the
 * language picked (the default when there are no texts at all), `text` its text ('' when none).
 */
export function pickText(
  texts: Readonly<Record<string, string>>,
  language: string | null | undefined,
  fallback: string = defaultTextLanguage,
): { lang: string; text: string } {
  const keys = Object.keys(texts);
  const wanted = (language ?? '').toLowerCase();
  const primary = wanted.split('-')[0];
  const lang =
    keys.find((k) => k.toLowerCase() === wanted) ??
    (primary ? keys.find((k) => k.toLowerCase().split('-')[0] === primary) : undefined) ??
    (fallback in texts ? fallback : undefined) ??
    keys.find((k) => k.startsWith('en')) ??
    keys[0];
  return { lang: lang ?? fallback, text: lang ? (texts[lang] ?? '') : '' };
}
