import { Form, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { isApiError } from '../api/request';
import { currentLocale, i18n } from '../i18n';
import { notify } from '../ui/notices';
import {
  allFieldErrors,
  type FormFieldError,
  isRequiredField,
  placeFieldErrors,
  serverFieldErrors,
  withListPositions,
} from './schema-errors';
import { unparsedErrors } from './unparsed';

export interface SchemaForm<S extends z.ZodType> {
  form: FormInstance;
  /** Give to `<Form onFinish>`: validates with the schema, submits, shows server field errors. */
  onFinish: (values: z.input<S>) => Promise<void>;
  /** Give to `<Form onFinishFailed>`: every field's error at once, cross-field rules included. */
  onFinishFailed: () => void;
  /** Give to `<Form onValuesChange>`: a field's error leaves as soon as its value is fixed. */
  onValuesChange: (changed: unknown) => void;
  /** The four above, to spread on `<Form>`. */
  formProps: {
    form: FormInstance;
    onFinish: (values: z.input<S>) => Promise<void>;
    onFinishFailed: () => void;
    onValuesChange: (changed: unknown) => void;
  };
  submitting: boolean;
  /** Props for a `<Form.Item>` of a schema field: live validation and the required mark. */
  itemProps: (name: string) => { name: string; rules: Rule[]; required: boolean };
}

type Path = (string | number)[];

/** Every field's errors: what a widget could not read first (it is what the operator sees), then the schema's. */
function formErrorsOf(schema: z.ZodType, values: unknown) {
  const locale = currentLocale();
  const unread = unparsedErrors(values, locale);
  const { fields, formErrors } = allFieldErrors(schema, values, locale);
  return { fields: [...unread, ...fields], formErrors, unread: unread.length > 0 };
}

/** The paths a change touched, as `onValuesChange` gives them (only the changed branch is present). */
export function changedPaths(changed: unknown, prefix: Path = []): Path[] {
  const children = Array.isArray(changed)
    ? changed.flatMap((v, i) => (v === undefined ? [] : changedPaths(v, [...prefix, i])))
    : changed && typeof changed === 'object' && Object.getPrototypeOf(changed) === Object.prototype
      ? Object.entries(changed).flatMap(([k, v]) => changedPaths(v, [...prefix, k]))
      : [];
  return children.length ? children : [prefix];
}

const overlaps = (a: Path, b: Path) => a.slice(0, b.length).join('\u0000') === b.slice(0, a.length).join('\u0000');

/**
 * A form validated by the same zod schema the server uses (from the endpoint table). Each error
 * shows on the field the operator fills in (a rule about a list of IDs on the list's box), one per
 * field, and leaves when that field changes and passes. An error no field can show is a notice:
 * a submit never does nothing silently. Failures from the server land on their fields too.
 */
export function useSchemaForm<S extends z.ZodType>(
  schema: S,
  submit: (data: z.output<S>) => Promise<unknown>,
): SchemaForm<S> {
  const [form] = Form.useForm();
  const [submitting, setSubmitting] = useState(false);

  const show = useCallback(
    (errors: FormFieldError[], formErrors: string[] = []) => {
      const registered = form.getFieldsError().map((f) => f.name);
      const { placed, unplaced } = placeFieldErrors(errors, registered);
      form.setFields(placed);
      for (const text of [...formErrors, ...unplaced]) notify('error', i18n.t('errors.notice'), text);
    },
    [form],
  );

  // Every field's error at once: the form's values as a whole (hidden and unmounted fields too).
  const showAll = useCallback(
    (values?: unknown) => {
      const { fields, formErrors } = formErrorsOf(schema, values ?? form.getFieldsValue(true));
      show(fields, formErrors);
    },
    [schema, form, show],
  );

  const onFinish = useCallback(
    async (values: z.input<S>) => {
      const parsed = schema.safeParse(values);
      if (!parsed.success || formErrorsOf(schema, values).unread) return showAll(values);
      setSubmitting(true);
      try {
        await submit(parsed.data);
      } catch (error) {
        if (isApiError(error)) show(withListPositions(serverFieldErrors(error.errors)));
        else throw error;
      } finally {
        setSubmitting(false);
      }
    },
    [schema, submit, showAll, show],
  );
  const onFinishFailed = useCallback(() => showAll(), [showAll]);

  const onValuesChange = useCallback(
    (changed: unknown) => {
      const touched = changedPaths(changed);
      const showing = form
        .getFieldsError()
        .filter((f) => f.errors.length && touched.some((path) => overlaps(path, f.name)));
      if (!showing.length) return;
      const registered = form.getFieldsError().map((f) => f.name);
      const now = placeFieldErrors(formErrorsOf(schema, form.getFieldsValue(true)).fields, registered).placed;
      const still = new Map(now.map((f) => [f.name.join('\u0000'), f.errors]));
      form.setFields(showing.map((f) => ({ name: f.name, errors: still.get(f.name.join('\u0000')) ?? [] })));
    },
    [schema, form],
  );

  const itemProps = useCallback(
    (name: string) => ({
      name,
      required: isRequiredField(schema, name),
      rules: [
        {
          // The field's own rule and the rules across fields that name it (expiry after start).
          validator: async (_: unknown, value: unknown) => {
            const values = { ...form.getFieldsValue(true), [name]: value };
            const registered = form.getFieldsError().map((f) => f.name);
            const mine = placeFieldErrors(
              allFieldErrors(schema, values, currentLocale()).fields,
              registered,
            ).placed.find((e) => e.name.length === 1 && e.name[0] === name);
            if (mine?.errors.length) throw new Error(mine.errors[0]);
          },
        },
      ],
    }),
    [schema, form],
  );

  return {
    form,
    onFinish,
    onFinishFailed,
    onValuesChange,
    formProps: { form, onFinish, onFinishFailed, onValuesChange },
    submitting,
    itemProps,
  };
}
