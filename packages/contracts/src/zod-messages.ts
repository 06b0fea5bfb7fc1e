import { z } from 'zod';
import type { Locale } from './bilingual.js';
import { isMessageKey, translate } from './messages.js';

/** A zod locale's message function (`z.locales.zhCN().localeError`). */
export type ZodLocaleError = (issue: z.core.$ZodRawIssue) => string | { message: string } | undefined | null;

const isBlank = (input: unknown) => input === undefined || input === null || input === '';

/**
 * Our catalogue's key for the zod issues operators meet most, so they read as our words do
 * ("此项为必填项", "最多 200 个字符"): a missing value is "required", not "expected string, received
 * undefined". Issues it does not cover keep zod's own text, rendered by zod's locale for the
 * user's language. Run where the issue is made, while its input is still known.
 */
export function zodIssueKey(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (isBlank(issue.input)) return 'v.required';
      return issue.expected === 'number' || issue.expected === 'int' ? 'v.numberExpected' : 'v.invalidValue';
    case 'invalid_value':
      return isBlank(issue.input) ? 'v.required' : 'v.chooseListed';
    case 'too_big':
      if (issue.origin === 'string') return 'v.textMax';
      if (issue.origin === 'array' || issue.origin === 'set') return 'v.itemsMax';
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return issue.inclusive === false ? 'v.numberBelow' : 'v.numberMax';
      return undefined;
    case 'too_small':
      if (issue.origin === 'string') return issue.minimum === 1 ? 'v.required' : 'v.textMin';
      if (issue.origin === 'array' || issue.origin === 'set') return issue.minimum === 1 ? 'v.required' : 'v.itemsMin';
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return issue.inclusive === false ? 'v.numberAbove' : 'v.numberMin';
      return undefined;
    default:
      return undefined;
  }
}

// Every schema in the process: zod asks this before its locale for issues without their own message.
z.config({ customError: zodIssueKey });

/** The numbers an issue's message may quote (`{maximum}`), as the catalogue's placeholders take them. */
function issueVars(issue: z.core.$ZodIssue): Record<string, string | number> {
  const vars: Record<string, string | number> = {};
  for (const name of ['maximum', 'minimum', 'divisor'] as const) {
    const value = (issue as unknown as Record<string, unknown>)[name];
    if (typeof value === 'number' || typeof value === 'bigint') vars[name] = Number(value);
  }
  // A custom issue's own values (`params`): the names a message lists ("unknown: {names}").
  const params = issue.code === 'custom' ? (issue.params as Record<string, unknown> | undefined) : undefined;
  for (const [name, value] of Object.entries(params ?? {}))
    if (typeof value === 'string' || typeof value === 'number') vars[name] = value;
  return vars;
}

/**
 * One issue in the user's language: our message keys through the catalogue, anything else through
 * zod's locale for that language; without one, a plain "invalid value" rather than zod's English.
 */
export function issueText(issue: z.core.$ZodIssue, locale: Locale, zodLocale?: ZodLocaleError): string {
  if (isMessageKey(issue.message)) return translate(issue.message, locale, issueVars(issue));
  const own = zodLocale?.(issue as z.core.$ZodRawIssue);
  const text = typeof own === 'string' ? own : own?.message;
  return text || translate('v.invalidValue', locale);
}
