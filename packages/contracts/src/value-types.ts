import { resourceKeySchema } from './resource.js';
import { isStorableText } from './text.js';

/**
 * The value types a typed value may have (constants, config fields and overrides), and the one
 * check of a value against its type that every one of them uses.
 */
export const valueTypes = ['number', 'string', 'boolean', 'json', 'text'] as const;
export type ValueType = (typeof valueTypes)[number];

/** Longest string value, in characters. */
export const MAX_STRING_VALUE = 10_000;
/** Largest JSON value, in characters of its JSON. */
export const MAX_JSON_VALUE = 65_536;

/** The message key saying why `value` does not fit `type`, or null when it does. */
export function valueTypeError(type: ValueType, value: unknown): string | null {
  if (value === undefined) return 'v.required';
  switch (type) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'constant.valueNumber';
    case 'string':
      if (typeof value !== 'string') return 'constant.valueString';
      if (value.length > MAX_STRING_VALUE) return 'constant.valueTooLong';
      return isStorableText(value) ? null : 'v.textInvalid';
    case 'boolean':
      return typeof value === 'boolean' ? null : 'constant.valueBoolean';
    case 'text':
      return typeof value === 'string' && resourceKeySchema.safeParse(value).success ? null : 'constant.valueText';
    case 'json':
      return JSON.stringify(value).length > MAX_JSON_VALUE ? 'constant.valueTooLong' : null;
  }
}
