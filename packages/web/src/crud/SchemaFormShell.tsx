import { Form } from 'antd';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { ignoreEnter } from './ignore-enter';
import { FormSchema } from './schema-fields';
import type { SchemaForm } from './useSchemaForm';

/**
 * The console's one form shell, inside every page, card, dialog and drawer form: the schema's
 * live validation and field errors (`useSchemaForm`), the schema handed to the fields (limits,
 * counters, inferred widgets), and for a form that reaches players or money (`consequential`),
 * Enter in a field sends nothing — only the button, and then its confirmation.
 */
export function SchemaFormShell<S extends z.ZodType>({
  schemaForm,
  schema,
  name,
  testId,
  initialValues,
  consequential,
  children,
}: {
  schemaForm: SchemaForm<S>;
  schema: S;
  /** Prefixes field ids, so a dialog's fields never collide with its page's. */
  name?: string;
  testId: string;
  initialValues?: Record<string, unknown>;
  consequential?: boolean;
  children: ReactNode;
}) {
  return (
    <Form
      {...schemaForm.formProps}
      name={name}
      layout="vertical"
      onKeyDown={consequential ? ignoreEnter : undefined}
      initialValues={initialValues}
      data-testid={testId}
    >
      <FormSchema.Provider value={schema}>{children}</FormSchema.Provider>
    </Form>
  );
}
