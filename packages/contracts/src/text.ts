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

const controlCharsAll = new RegExp(controlChars.source, 'g');
const loneSurrogates = new RegExp(loneSurrogate.source, 'g');

/**
 * The string with what PostgreSQL cannot store (control characters other than tab and line
 * breaks, lone surrogates) replaced by U+FFFD. For text that is kept rather than refused when a
 * character is wrong (a client's log entry, an error message): the rest of it still says something.
 */
export const storableText = (s: string) => s.replace(controlCharsAll, '\ufffd').replace(loneSurrogates, '\ufffd');

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

/** How deep a JSON value may nest (objects and arrays inside one another) anywhere in a request. */
export const MAX_JSON_DEPTH = 64;

/** Where a value cannot be stored as sent, and why (a message key). */
export interface StorableIssue {
  path: (string | number)[];
  message: 'v.textInvalid' | 'v.jsonTooDeep' | 'v.numberOutOfRange';
}

/**
 * What in a JSON value (a document, a request body) cannot be stored as it was sent: a string or
 * an object key with a control character or a lone surrogate (PostgreSQL refuses NUL and broken
 * UTF-16), a number JSON cannot hold (`1e309` parses to Infinity and would be stored as null),
 * nesting deeper than MAX_JSON_DEPTH (serialising it overflows the stack). Walked with a stack
 * of its own, so the walk cannot overflow either; at most `limit` issues.
 */
export function storableIssues(value: unknown, limit = 20): StorableIssue[] {
  const issues: StorableIssue[] = [];
  const pending: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (pending.length > 0 && issues.length < limit) {
    const { value: v, path } = pending.pop()!;
    if (typeof v === 'string') {
      if (!isStorableText(v)) issues.push({ path, message: 'v.textInvalid' });
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v)) issues.push({ path, message: 'v.numberOutOfRange' });
    } else if (v !== null && typeof v === 'object') {
      if (path.length >= MAX_JSON_DEPTH) {
        issues.push({ path, message: 'v.jsonTooDeep' });
        continue;
      }
      if (Array.isArray(v)) {
        for (let i = v.length - 1; i >= 0; i -= 1) pending.push({ value: v[i], path: [...path, i] });
      } else {
        const entries = Object.entries(v);
        for (let i = entries.length - 1; i >= 0; i -= 1) {
          const [key, item] = entries[i];
          if (!isStorableText(key)) issues.push({ path: [...path, key], message: 'v.textInvalid' });
          else pending.push({ value: item, path: [...path, key] });
        }
      }
    }
  }
  return issues.slice(0, limit);
}

/**
 * A resource document's required text (a name, a title): trimmed, not empty, at most `max`
 * characters, storable. Documents carry checks, never transforms beyond the trim.
 */
export const documentText = (max: number) =>
  z
    .string({ error: 'v.required' })
    .trim()
    .min(1, { error: 'v.required' })
    .max(max, { error: 'v.textTooLong' })
    .refine(isStorableText, { error: 'v.textInvalid' });

/** A resource document's optional text (a description): at most `max` characters, storable, '' when absent. */
export const optionalDocumentText = (max: number) =>
  z
    .string({ error: 'v.required' })
    .max(max, { error: 'v.textTooLong' })
    .refine(isStorableText, { error: 'v.textInvalid' })
    .default('');
