import { App, Button, Card, Form } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type SchemaForm, useSchemaForm } from './useSchemaForm';

export interface ActionFormProps<S extends z.ZodType> {
  title: string;
  /** The endpoint's body schema: the form validates with what the server validates with. */
  schema: S;
  /** The confirmation question; the action runs only on OK. */
  confirm: (data: z.output<S>) => string;
  run: (data: z.output<S>) => Promise<unknown>;
  submitLabel: string;
  danger?: boolean;
  initialValues?: Record<string, unknown>;
  testId: string;
  children: (itemProps: SchemaForm<S>['itemProps']) => ReactNode;
  after?: ReactNode;
}

/**
 * A console action on players: a form validated by the endpoint's schema, a confirmation, the
 * call, and a success notice. Server field errors land on their fields.
 */
export function ActionForm<S extends z.ZodType>({
  title,
  schema,
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
  const { modal, message } = App.useApp();
  const { form, onFinish, onFinishFailed, submitting, itemProps } = useSchemaForm(
    schema,
    (data) =>
      new Promise<void>((resolve, reject) => {
        modal.confirm({
          title: confirm(data),
          okText: t('common.ok'),
          cancelText: t('common.cancel'),
          okButtonProps: { danger },
          onOk: () => {
            run(data).then(() => {
              message.success(t('common.done'));
              resolve();
            }, reject);
          },
          onCancel: () => resolve(),
        });
      }),
  );
  return (
    <Card title={title} style={{ maxWidth: 880 }}>
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        onFinishFailed={onFinishFailed}
        initialValues={initialValues}
        data-testid={testId}
      >
        {children(itemProps)}
        <Button type="primary" danger={danger} htmlType="submit" loading={submitting} data-testid={`${testId}-submit`}>
          {submitLabel}
        </Button>
      </Form>
      {after}
    </Card>
  );
}
