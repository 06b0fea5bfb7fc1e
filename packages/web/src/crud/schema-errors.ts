import { type FieldError, type Locale, translate } from '@rookery/contracts';
import type { z } from 'zod';

/** Errors in the shape AntD's `form.setFields` takes. */
export interface FormFieldError {
  name: (string | number)[];
  errors: string[];
}

/**
 * zod issues as form field errors, messages translated through the contracts catalogue (the
 * schemas carry keys such as `v.mobileFormat`). Issues about the whole object come back apart.
 */
export function zodFieldErrors(error: z.ZodError, locale: Locale): { fields: FormFieldError[]; formErrors: string[] } {
  const byPath = new Map<string, FormFieldError>();
  const formErrors: string[] = [];
  for (const issue of error.issues) {
    const message = translate(issue.message, locale);
    if (!issue.path.length) {
      formErrors.push(message);
      continue;
    }
    const name = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
    const key = name.join('.');
    const entry = byPath.get(key) ?? { name, errors: [] };
    if (!entry.errors.includes(message)) entry.errors.push(message);
    byPath.set(key, entry);
  }
  return { fields: [...byPath.values()], formErrors };
}

/** The server's field errors (already in the user's language) on the matching fields. */
export function serverFieldErrors(errors: readonly FieldError[] | undefined): FormFieldError[] {
  const byField = new Map<string, FormFieldError>();
  for (const { field, message } of errors ?? []) {
    const entry = byField.get(field) ?? { name: field.split('.'), errors: [] };
    entry.errors.push(message);
    byField.set(field, entry);
  }
  return [...byField.values()];
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
  return result.success ? undefined : translate(result.error.issues[0].message, locale);
}

/** A field is required when its schema rejects a missing value. */
export function isRequiredField(schema: z.ZodType, name: string): boolean {
  const field = fieldSchema(schema, name);
  return Boolean(field && !field.safeParse(undefined).success);
}
