import type { FieldError, Locale } from '@rookery/contracts';
import { issueText } from '@rookery/contracts';
import { z } from 'zod';

/**
 * An expected failure: answered with `status` and a message key from the contracts catalogue.
 * `commit` keeps the transaction's writes (a failed sign-in still counts against the throttle).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly opts: {
      fields?: FieldError[];
      vars?: Record<string, string | number>;
      commit?: boolean;
      /** Sent as `data` beside the message (e.g. the upgrade a 426 asks for). */
      data?: unknown;
      /** The message's language when it is not the request's (a game answer in the player's language). */
      locale?: Locale;
    } = {},
  ) {
    super(key);
  }
}

export const badRequest = (key: string, field?: string) =>
  new AppError(400, key, field ? { fields: [{ field, message: key }] } : {});
export const notFound = (key = 'http.404') => new AppError(404, key);
export const conflict = (key: string, field?: string) =>
  new AppError(409, key, field ? { fields: [{ field, message: key }] } : {});
export const forbidden = (key = 'http.noPermission') => new AppError(403, key);

const zodLocales = { 'zh-CN': z.locales.zhCN(), 'en-US': z.locales.en() } as const;

/** Field messages for a zod failure: our message keys translated, zod's own texts in the user's language. */
export function fieldErrors(error: z.ZodError, locale: Locale, prefix?: string): FieldError[] {
  return error.issues.map((issue) => ({
    field: [prefix, ...issue.path.map(String)].filter(Boolean).join('.'),
    message: issueText(issue, locale, zodLocales[locale].localeError),
  }));
}
