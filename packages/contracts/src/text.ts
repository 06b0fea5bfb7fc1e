import { z } from 'zod';
import type { MessageKey } from './messages.js';

/**
 * The one string schema of the endpoint table. Every text field a caller sends (bodies, queries,
 * params; console and game API) is built from these, so a later area inherits the same refusals:
 *
 * - `text()`: free text. No control characters other than tab and line breaks (NUL among them:
 *   PostgreSQL cannot store it) and no lone UTF-16 surrogates (not valid Unicode; PostgreSQL
 *   refuses them). Trimmed, bounded.
 * - `name()`: a name people tell apart by eye (role, staff, template): `text()` and, in addition,
 *   no invisible or text-direction characters (`ad\u200bmin` would look like `admin`).
 * - `secret()`: a password as typed: not trimmed, same refusals as `text()`.
 * - `rawText()`: storable characters only, for values a schema trims or splits itself.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to refuse control characters
const controlChars = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Zero-width, soft hyphen, word joiners, byte-order mark and the bidirectional controls. */
const invisibleChars = /[\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/;

/** True when the string can be stored and shown as it is: no control characters, no lone surrogates. */
export const isStorableText = (s: string) => !controlChars.test(s) && !loneSurrogate.test(s);

/** True when a name contains nothing invisible or direction-changing. */
export const isVisibleName = (s: string) => !invisibleChars.test(s);

export interface TextOptions {
  /** Longest accepted length (after trimming). */
  max?: number;
  /** Refuse an empty value with this message (missing also says it). */
  required?: MessageKey;
}

/** Free text an operator or the game sends: trimmed, bounded, storable. */
export function text({ max = 200, required }: TextOptions = {}) {
  const base = z
    .string({ error: required ?? 'v.required' })
    .trim()
    .max(max, { error: 'v.textTooLong' })
    .refine(isStorableText, { error: 'v.textInvalid' });
  return required ? base.refine((s) => s.length > 0, { error: required, abort: true }) : base;
}

/** A name: `text()` plus no invisible or direction-changing characters. */
export function name(options: TextOptions = {}) {
  return text(options).refine(isVisibleName, { error: 'v.nameInvisible' });
}

/** Text kept exactly as sent (the caller trims or bounds it): storable characters only. */
export function rawText() {
  return z.string().refine(isStorableText, { error: 'v.textInvalid' });
}

/** An optional search or filter field: blank counts as not given. */
export function optionalText(max = 200) {
  return z.preprocess((v) => (v === '' || v === null ? undefined : v), text({ max }).optional());
}

/** A secret as typed (password): never trimmed, storable characters only. */
export function secret({ max = 128, required = 'v.passwordRequired' }: { max?: number; required?: MessageKey } = {}) {
  return z
    .string({ error: required })
    .min(1, { error: required, abort: true })
    .max(max, { error: 'v.textTooLong' })
    .refine(isStorableText, { error: 'v.textInvalid' });
}
