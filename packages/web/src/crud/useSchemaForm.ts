import { Form, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { isApiError } from '../api/request';
import { currentLocale, i18n } from '../i18n';
import { notify } from '../shell/notices';
import { allFieldErrors, isRequiredField, serverFieldErrors, withListPositions } from './schema-errors';

export interface SchemaForm<S extends z.ZodType> {
  form: FormInstance;
  /** Give to `<Form onFinish>`: validates with the schema, submits, shows server field errors. */
  onFinish: (values: z.input<S>) => Promise<void>;
  /** Give to `<Form onFinishFailed>`: every field's error at once, cross-field rules included. */
  onFinishFailed: () => void;
  submitting: boolean;
  /** Props for a `<Form.Item>` of a schema field: live validation and the required mark. */
  itemProps: (name: string) => { name: string; rules: Rule[]; required: boolean };
}

/**
 * A form validated by the same zod schema the server uses (from the endpoint table). Failures
 * from the server land on their fields; other failures were already shown by the request layer.
 */
export function useSchemaForm<S extends z.ZodType>(
  schema: S,
  submit: (data: z.output<S>) => Promise<unknown>,
): SchemaForm<S> {
  const [form] = Form.useForm();
  const [submitting, setSubmitting] = useState(false);

  // Every field's error at once: the form's values as a whole (hidden and unmounted fields too).
  const showAll = useCallback(
    (values?: unknown) => {
      const { fields, formErrors } = allFieldErrors(schema, values ?? form.getFieldsValue(true), currentLocale());
      form.setFields(fields);
      for (const text of formErrors) notify('error', i18n.t('errors.notice'), text);
    },
    [schema, form],
  );

  const onFinish = useCallback(
    async (values: z.input<S>) => {
      const parsed = schema.safeParse(values);
      if (!parsed.success) return showAll(values);
      setSubmitting(true);
      try {
        await submit(parsed.data);
      } catch (error) {
        if (isApiError(error)) form.setFields(withListPositions(serverFieldErrors(error.errors)));
        else throw error;
      } finally {
        setSubmitting(false);
      }
    },
    [schema, submit, form, showAll],
  );
  const onFinishFailed = useCallback(() => showAll(), [showAll]);

  const itemProps = useCallback(
    (name: string) => ({
      name,
      required: isRequiredField(schema, name),
      rules: [
        {
          // The field's own rule and the rules across fields that name it (expiry after start).
          validator: async (_: unknown, value: unknown) => {
            const values = { ...form.getFieldsValue(true), [name]: value };
            const mine = allFieldErrors(schema, values, currentLocale()).fields.find(
              (e) => e.name.length === 1 && e.name[0] === name,
            );
            if (mine?.errors.length) throw new Error(mine.errors[0]);
          },
        },
      ],
    }),
    [schema, form],
  );

  return { form, onFinish, onFinishFailed, submitting, itemProps };
}
