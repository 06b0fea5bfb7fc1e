import { Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SchemaFormShell } from './SchemaFormShell';
import { type SchemaForm, useSchemaForm } from './useSchemaForm';

/**
 * A small form in a dialog, validated by an endpoint schema like every crud form. `children`
 * receives the form's `itemProps` to lay out the fields.
 */
export function FormDialog<S extends z.ZodType>({
  name,
  title,
  okText,
  danger,
  schema,
  initialValues,
  submit,
  onClose,
  children,
}: {
  /** Form name: prefixes field ids so they never collide with the page's own forms. */
  name: string;
  title: ReactNode;
  okText?: string;
  danger?: boolean;
  schema: S;
  initialValues?: Record<string, unknown>;
  submit: (data: z.output<S>) => Promise<unknown>;
  onClose: () => void;
  children: (itemProps: SchemaForm<S>['itemProps']) => ReactNode;
}) {
  const { t } = useTranslation();
  const schemaForm = useSchemaForm(schema, async (data) => {
    await submit(data);
    onClose();
  });
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={() => schemaForm.form.submit()}
      confirmLoading={schemaForm.submitting}
      okText={okText ?? t('common.ok')}
      okButtonProps={{ danger }}
      cancelText={t('common.cancel')}
    >
      <SchemaFormShell
        schemaForm={schemaForm}
        schema={schema}
        name={name}
        testId={`${name}-form`}
        initialValues={initialValues}
      >
        {children(schemaForm.itemProps)}
      </SchemaFormShell>
    </Modal>
  );
}
