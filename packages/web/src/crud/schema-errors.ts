import { type FieldError, issueText, type Locale } from '@rookery/contracts';
import { z } from 'zod';
import { zodLocale } from '../i18n/zod-locale';

/** Errors in the shape AntD's `form.setFields` takes. */
export interface FormFieldError {
  name: (string | number)[];
  errors: string[];
}

/**
 * zod issues as form field errors, messages translated through the contracts catalogue (the
 * schemas carry keys such as `v.mobileFormat`), zod's own through its locale for `locale`. One
 * error per field, the first: a field says what to fix next, not every rule it breaks.
 * Issues about the whole object come back apart.
 */
export function zodFieldErrors(
  error: z.ZodError,
  locale: Locale,
  /** Where the parsed value sits, when it is one field of a form. */
  prefix: (string | number)[] = [],
): { fields: FormFieldError[]; formErrors: string[] } {
  const byPath = new Map<string, FormFieldError>();
  const formErrors: string[] = [];
  for (const issue of error.issues) {
    const message = issueText(issue, locale, zodLocale(locale));
    const name = [...prefix, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))];
    if (!name.length) {
      formErrors.push(message);
      continue;
    }
    const key = name.join('.');
    if (!byPath.has(key)) byPath.set(key, { name, errors: [message] });
  }
  return { fields: [...byPath.values()], formErrors };
}

/** The server's field errors (already in the user's language) on the matching fields, one per field. */
export function serverFieldErrors(errors: readonly FieldError[] | undefined): FormFieldError[] {
  const byField = new Map<string, FormFieldError>();
  for (const { field, message } of errors ?? [])
    if (!byField.has(field)) byField.set(field, { name: field.split('.'), errors: [message] });
  return [...byField.values()];
}

type Path = (string | number)[];
const pathKey = (path: Path) => path.join('\u0000');

/**
 * Errors moved onto the fields a form has: an error about a part of a field's value (the third
 * ID of an ID list, `userIds.2`) shows on that field; one about a group (`title`, its languages
 * the fields) on the group's first field. One error per field, the first. What no field can show
 * comes back as text, to be said some other way.
 */
export function placeFieldErrors(
  errors: readonly FormFieldError[],
  registered: readonly Path[],
): { placed: FormFieldError[]; unplaced: string[] } {
  const fields = new Map(registered.map((name) => [pathKey(name), name]));
  const placed = new Map<string, FormFieldError>();
  const unplaced: string[] = [];
  for (const error of errors) {
    let target: Path | undefined;
    for (let n = error.name.length; n > 0 && !target; n--) target = fields.get(pathKey(error.name.slice(0, n)));
    target ??= registered.find((name) => pathKey(name.slice(0, error.name.length)) === pathKey(error.name));
    const message = error.errors[0];
    if (message === undefined) continue;
    if (!target) {
      if (!unplaced.includes(message)) unplaced.push(message);
      continue;
    }
    if (!placed.has(pathKey(target))) placed.set(pathKey(target), { name: target, errors: [message] });
  }
  return { placed: [...placed.values()], unplaced };
}

/**
 * Server field errors with list positions as numbers (`values.2.value` → `['values', 2, 'value']`),
 * as the form names the fields of its lists: a string `'2'` matches no field.
 */
export const withListPositions = (fields: FormFieldError[]): FormFieldError[] =>
  fields.map((f) => ({
    ...f,
    name: f.name.map((part) => (typeof part === 'string' && /^\d+$/.test(part) ? Number(part) : part)),
  }));

/** The schema of one field of an object schema, if the schema has such a field. */
export function fieldSchema(schema: z.ZodType, name: string): z.ZodType | undefined {
  const shape = (schema as { shape?: Record<string, z.ZodType> }).shape;
  return shape?.[name];
}

/** The first error of a single field's value, translated; undefined when valid or unknown. */
export function fieldError(schema: z.ZodType, name: string, value: unknown, locale: Locale): string | undefined {
  const field = fieldSchema(schema, name);
  if (!field) return undefined;
  const result = field.safeParse(value);
  return result.success ? undefined : issueText(result.error.issues[0], locale, zodLocale(locale));
}

/** A field is required when its schema rejects a missing value. */
export function isRequiredField(schema: z.ZodType, name: string): boolean {
  const field = fieldSchema(schema, name);
  return Boolean(field && !field.safeParse(undefined).success);
}

type Extensible = z.ZodType & {
  shape?: Record<string, z.ZodType>;
  safeExtend?: (shape: Record<string, z.ZodType>) => z.ZodType;
};

/**
 * Every field's errors at once (UX.md §3), in `locale`: what each field gets wrong on its own,
 * and the rules across fields (an object's refinements), which zod only runs once every field
 * parses. For those the fields that fail on their own are let through as they are, so an
 * empty form hears about its missing dates and its missing titles together. Issues about the
 * whole object come back apart.
 */
export function allFieldErrors(
  schema: z.ZodType,
  values: unknown,
  locale: Locale,
): { fields: FormFieldError[]; formErrors: string[] } {
  const full = schema.safeParse(values);
  if (full.success) return { fields: [], formErrors: [] };
  const s = schema as Extensible;
  const record = (values ?? {}) as Record<string, unknown>;
  const failing = Object.keys(s.shape ?? {}).filter((name) => !s.shape![name]!.safeParse(record[name]).success);
  const found = [zodFieldErrors(full.error, locale)];
  if (failing.length && s.safeExtend) {
    try {
      const relaxed = s.safeExtend(Object.fromEntries(failing.map((name) => [name, z.any().optional()])));
      const cross = relaxed.safeParse(values);
      if (!cross.success) found.push(zodFieldErrors(cross.error, locale));
    } catch {
      // A rule that cannot read a field left as it came: its error shows once the field is fixed.
    }
    for (const name of failing) {
      const value = record[name];
      const own = s.shape![name]!.safeParse(value);
      if (!own.success) found.push(zodFieldErrors(own.error, locale, [name]));
    }
  }
  const byPath = new Map<string, FormFieldError>();
  const formErrors = new Set<string>();
  for (const result of found) {
    for (const e of result.fields) {
      const key = e.name.join('.');
      if (!byPath.has(key)) byPath.set(key, { name: e.name, errors: e.errors.slice(0, 1) });
    }
    for (const text of result.formErrors) formErrors.add(text);
  }
  return { fields: [...byPath.values()], formErrors: [...formErrors] };
}
