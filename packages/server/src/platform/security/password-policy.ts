import type { MessageKey } from '@rookery/contracts';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../http/errors.js';

/**
 * What a new password must pass beyond the contracts' length rule (OWASP ASVS L2, no composition
 * rules): not one of the ~49,000 most common passwords of zxcvbn-ts's maintained list (checked
 * offline, in any letter case), not one character repeated, not the user's own name or email.
 * Existing passwords are never re-checked: they keep working until changed.
 */
const commonPasswords = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

export function passwordProblem(
  password: string,
  identity: { username?: string | null; email?: string | null },
): MessageKey | null {
  const lower = password.toLowerCase();
  if (commonPasswords.has(lower) || /^(.)\1*$/su.test(password)) return 'v.passwordCommon';
  const own = [identity.username, identity.email, identity.email?.split('@')[0]]
    .filter((s): s is string => Boolean(s))
    .map((s) => s.trim().toLowerCase());
  if (own.includes(lower.trim())) return 'v.passwordIsName';
  return null;
}

/** Refuse a new password with a field message (`field` is the form's password field). */
export function assertPasswordAcceptable(
  password: string,
  identity: { username?: string | null; email?: string | null },
  field: string,
): void {
  const problem = passwordProblem(password, identity);
  if (problem) throw new AppError(400, problem, { fields: [{ field, message: problem }] });
}
