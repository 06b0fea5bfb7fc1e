import { App, Button, Card } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type Consequence, useConsequenceConfirm } from './Consequence';
import { SchemaFormShell } from './SchemaFormShell';
import { type SchemaForm, useSchemaForm } from './useSchemaForm';

export interface ActionFormProps<S extends z.ZodType> {
  title: string;
  /** The endpoint's body schema: the form validates with what the server validates with. */
  schema: S;
  /**
   * A consequential action (UX.md §1): Enter in a field sends nothing, and the primary button
   * opens a confirmation stating this consequence; the action runs only on its confirm button.
   */
  consequence?: (data: z.output<S>) => Consequence;
  /** A plain confirmation question, for actions that reach no player (e.g. a download). */
  confirm?: (data: z.output<S>) => string;
  run: (data: z.output<S>) => Promise<unknown>;
  submitLabel: string;
  danger?: boolean;
  initialValues?: Record<string, unknown>;
  testId: string;
  children: (itemProps: SchemaForm<S>['itemProps']) => ReactNode;
  after?: ReactNode;
}

/**
 * A console action: a form validated by the endpoint's schema, a confirmation, the call, and a
 * success notice. Server field errors land on their fields.
 */
export function ActionForm<S extends z.ZodType>({
  title,
  schema,
  consequence,
  confirm,
  run,
  submitLabel,
  danger,
  initialValues,
  testId,
  children,
  after,
}: ActionFormProps<S>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirmConsequence = useConsequenceConfirm();
  const done = () => message.success(t('common.done'));
  const schemaForm = useSchemaForm(schema, async (data) => {
    const asked = consequence?.(data) ?? {
      title: confirm?.(data) ?? '',
      okText: t('common.ok'),
      danger: Boolean(danger),
    };
    if (await confirmConsequence(asked, () => run(data))) done();
  });
  return (
    <Card title={title} style={{ maxWidth: 880 }}>
      <SchemaFormShell
        schemaForm={schemaForm}
        schema={schema}
        testId={testId}
        initialValues={initialValues}
        consequential={Boolean(consequence)}
      >
        {children(schemaForm.itemProps)}
        <Button
          type="primary"
          danger={danger}
          htmlType="submit"
          loading={schemaForm.submitting}
          data-testid={`${testId}-submit`}
        >
          {submitLabel}
        </Button>
      </SchemaFormShell>
      {after}
    </Card>
  );
}
