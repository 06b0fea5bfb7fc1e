import { type Locale, translate } from '@rookery/contracts';
import type { ApiError } from '../../api/request';
import { serverFieldErrors, zodFieldErrors } from '../../crud/schema-errors';
import { loginBody, signIn } from '../../shell/session/sign-in';

/**
 * What the login page needs once the operator acts: the login schema, sign-in, and the message
 * catalogue. Loaded after the page shows, so the first load carries neither zod nor the tables.
 */
export type FieldErrors = Partial<Record<'username' | 'password', string>>;

function firstErrors(fields: { name: (string | number)[]; errors: string[] }[]): FieldErrors {
  return Object.fromEntries(fields.map((f) => [String(f.name[0]), f.errors[0]]));
}

/** The credentials checked by the login endpoint's own schema, or the field errors. */
export function validateCredentials(values: unknown, locale: Locale) {
  const parsed = loginBody.safeParse(values);
  return parsed.success
    ? { data: parsed.data, errors: undefined }
    : { data: undefined, errors: firstErrors(zodFieldErrors(parsed.error, locale).fields) };
}

/** Spec §8: 'login failed' followed by the error text, plus any field errors from the server. */
export function describeFailure(error: ApiError, locale: Locale) {
  return {
    text: `${translate('auth.loginFailed', locale)}: ${error.msg}`,
    errors: firstErrors(serverFieldErrors(error.errors)),
  };
}

export { signIn };
