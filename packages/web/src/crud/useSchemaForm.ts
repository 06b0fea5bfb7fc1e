import { Form, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { isApiError } from '../api/request';
import { currentLocale, i18n } from '../i18n';
import { notify } from '../shell/notices';
import { fieldError, isRequiredField, serverFieldErrors, withListPositions, zodFieldErrors } from './schema-errors';

export interface SchemaForm<S extends z.ZodType> {
  form: FormInstance;
  /** Give to `<Form onFinish>`: validates with the schema, submits, shows server field errors. */
  onFinish: (values: z.input<S>) => Promise<void>;
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

  const onFinish = useCallback(
    async (values: z.input<S>) => {
      const parsed = schema.safeParse(values);
      if (!parsed.success) {
        const { fields, formErrors } = zodFieldErrors(parsed.error, currentLocale());
        form.setFields(fields);
        for (const text of formErrors) notify('error', i18n.t('errors.notice'), text);
        return;
      }
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
    [schema, submit, form],
  );

  const itemProps = useCallback(
    (name: string) => ({
      name,
      required: isRequiredField(schema, name),
      rules: [
        {
          validator: async (_: unknown, value: unknown) => {
            const error = fieldError(schema, name, value, currentLocale());
            if (error) throw new Error(error);
          },
        },
      ],
    }),
    [schema],
  );

  return { form, onFinish, submitting, itemProps };
}
