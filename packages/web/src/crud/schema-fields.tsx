import { Input, InputNumber, type InputNumberProps, type InputProps } from 'antd';
import type { TextAreaProps } from 'antd/es/input';
import { createContext, useContext } from 'react';
import type { z } from 'zod';

/**
 * What a form's fields can read from the schema it is validated with (the kit's form shells
 * provide it): the widgets take their limits from there, so no screen restates a zod limit.
 */
export const FormSchema = createContext<z.ZodType | undefined>(undefined);

type Def = { type: string; [k: string]: unknown };
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def: Def } } | undefined)?._zod?.def;

/** The schema itself, under optional / nullable / default / a transform's input / a preprocess. */
function unwrap(schema: unknown): unknown {
  let current = schema;
  for (let i = 0; i < 10; i++) {
    const def = defOf(current);
    if (!def) return current;
    if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(def.type))
      current = def.innerType;
    else if (def.type === 'pipe') current = defOf(def.in)?.type === 'transform' ? def.out : def.in;
    else return current;
  }
  return current;
}

/** The schema of the value at `path` (object fields, a record's values, a list's items). */
export function schemaAt(schema: unknown, path: readonly (string | number)[]): unknown {
  let current = unwrap(schema);
  for (const [i, seg] of path.entries()) {
    const def = defOf(current);
    if (!def) return undefined;
    // A union (a template of either table): the first option that has the field.
    if (def.type === 'union')
      return (def.options as unknown[]).map((o) => schemaAt(o, path.slice(i))).find((s) => s !== undefined);
    if (def.type === 'object') current = (def.shape as Record<string, unknown>)[String(seg)];
    else if (def.type === 'record') current = def.valueType;
    else if (def.type === 'array') current = def.element;
    else return undefined;
    current = unwrap(current);
  }
  return current;
}

/** The widget a field's schema gives it in a form (`widgetOf`). */
export type SchemaWidget =
  | { kind: 'text'; max?: number }
  | { kind: 'longText'; max?: number }
  | { kind: 'number'; min?: number; max?: number; integer: boolean }
  | { kind: 'boolean' }
  | { kind: 'enum'; values: string[] }
  | { kind: 'time' }
  | { kind: 'unknown'; type?: string };

/** Texts capped at this many characters or more are edited in a text area. */
export const LONG_TEXT_FROM = 200;

type Check = { _zod: { def: { check: string; value?: unknown; inclusive?: boolean; format?: string } } };
const checksOf = (def: Def) => (def.checks ?? []) as Check[];

/**
 * The form widget for the value at `path`, from its schema alone: a short or long text by its cap
 * (a formatted one, such as a link, always short),
 * a number with its range, a switch, a select of an enum's values, a time picker for an ISO time.
 * Anything else (a list, an object, a JSON value) is the screen's own widget.
 */
export function widgetOf(schema: unknown, path: readonly (string | number)[]): SchemaWidget {
  const at = schemaAt(schema, path);
  const def = defOf(at);
  if (!def) return { kind: 'unknown' };
  if (def.type === 'string') {
    if (def.format === 'datetime') return { kind: 'time' };
    const max = textLimit(schema, path);
    // A formatted string (a link, an e-mail address) is one line, however long its cap.
    if (def.format) return { kind: 'text', max };
    return max !== undefined && max >= LONG_TEXT_FROM ? { kind: 'longText', max } : { kind: 'text', max };
  }
  if (def.type === 'number') {
    const checks = checksOf(def).map((c) => c._zod.def);
    const integer =
      def.format === 'safeint' ||
      def.format === 'int32' ||
      checks.some((d) => d.check === 'number_format' && (d.format === 'safeint' || d.format === 'int32'));
    // An exclusive bound is the next whole number for a whole one; a decimal keeps the bound (the schema says why).
    const step = (d: (typeof checks)[number]) => (d.inclusive || !integer ? 0 : 1);
    let min: number | undefined;
    let max: number | undefined;
    for (const d of checks) {
      if (d.check === 'greater_than') min = Number(d.value) + step(d);
      if (d.check === 'less_than') max = Number(d.value) - step(d);
    }
    return { kind: 'number', min, max, integer };
  }
  if (def.type === 'boolean') return { kind: 'boolean' };
  if (def.type === 'enum') return { kind: 'enum', values: Object.values(def.entries as Record<string, string>) };
  return { kind: 'unknown', type: def.type };
}

/** The longest text the schema takes at `path`, if it caps it. */
export function textLimit(schema: unknown, path: readonly (string | number)[]): number | undefined {
  const def = defOf(schemaAt(schema, path));
  if (def?.type !== 'string') return undefined;
  const caps = ((def.checks ?? []) as { _zod: { def: { check: string; maximum?: number } } }[])
    .filter((c) => c._zod.def.check === 'max_length')
    .map((c) => c._zod.def.maximum!);
  return caps.length ? Math.min(...caps) : undefined;
}

/**
 * The counter of a capped text: it counts as the operator types or pastes and turns red past the
 * limit, and the text is not cut (a paste past the limit stays whole, and the field says why).
 */
const counter = (max: number | undefined) => (max ? { show: true, max } : undefined);

type FieldPath = string | (string | number)[];
const asPath = (field: FieldPath) => (Array.isArray(field) ? field : [field]);

/**
 * A one-line text field of the form's schema: its limit and counter come from the schema (`schema`
 * names it for a field whose form does not: a reason sent with another call than the form's).
 */
export function TextInput({ field, schema, ...props }: InputProps & { field: FieldPath; schema?: unknown }) {
  const form = useContext(FormSchema);
  const max = textLimit(schema ?? form, asPath(field));
  return <Input count={counter(max)} {...props} />;
}

/**
 * A number field of the form's schema: its lowest and highest values, and whether it is whole, come
 * from the schema (`schema` names it for a field whose form does not), so no form restates them.
 */
/** A long text field of the form's schema: its limit and counter come from the schema. */
export function LongText({ field, ...props }: TextAreaProps & { field: FieldPath }) {
  const max = textLimit(useContext(FormSchema), asPath(field));
  return <Input.TextArea rows={2} count={counter(max)} {...props} />;
}

/**
 * The one number field of the console: it keeps what the operator typed. No range and no
 * rounding here (antd's `min`, `max` and `precision` change a typed −5 into the minimum on blur,
 * without a word); the form's schema says what is out of range, on the field.
 */
export function NumberInput<T extends number | string = number>(
  props: Omit<InputNumberProps<T>, 'min' | 'max' | 'precision'>,
) {
  return <InputNumber<T> {...props} />;
}
