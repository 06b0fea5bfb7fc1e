import type { AreaMessageKey } from './area.js';
import { messages } from './areas.js';
import type { Locale } from './bilingual.js';
import type { platformMessages } from './platform-messages.js';

/**
 * Messages the server sends and schemas carry as keys (`z.string().min(1, 'v.required')`).
 * Server and web translate a key through this table: the platform's (`platform-messages.ts`) and
 * every area's (`defineArea({ messages })`), folded in `areas.ts`.
 */
export { messages };

export type MessageKey = keyof typeof platformMessages | AreaMessageKey;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(messages, key);
}

/** Translate a key (or pass a plain text through). `{name}` placeholders are filled from `vars`. */
export function translate(key: string, locale: Locale, vars?: Record<string, string | number>): string {
  const text = isMessageKey(key) ? messages[key][locale] : key;
  return vars ? text.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m)) : text;
}

export function pickLocale(header: string | undefined | null): Locale {
  if (!header) return 'zh-CN';
  const first = header.toLowerCase();
  if (first.startsWith('en')) return 'en-US';
  return 'zh-CN';
}
