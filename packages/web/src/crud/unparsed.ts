import { type Locale, type MessageKey, translate } from '@rookery/contracts';
import type { FormFieldError } from './schema-errors';

/**
 * What a widget could not read (JSON text that does not parse), kept as the field's value so the
 * form's one error for that field says so, instead of the field looking empty ("required") while
 * the widget says something else beside it.
 */
export class UnparsedText {
  constructor(
    readonly text: string,
    readonly message: MessageKey,
  ) {}
}

/** Each unreadable value in the form's values, as an error on its path. */
export function unparsedErrors(values: unknown, locale: Locale, path: (string | number)[] = []): FormFieldError[] {
  if (values instanceof UnparsedText) return [{ name: path, errors: [translate(values.message, locale)] }];
  if (Array.isArray(values)) return values.flatMap((v, i) => unparsedErrors(v, locale, [...path, i]));
  if (values && typeof values === 'object' && Object.getPrototypeOf(values) === Object.prototype)
    return Object.entries(values).flatMap(([k, v]) => unparsedErrors(v, locale, [...path, k]));
  return [];
}
