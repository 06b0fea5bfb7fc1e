import type { Endpoint, EndpointInput, EndpointResponse } from '@rookery/contracts';
import { App, Card } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useEndpointMutation } from '../api/endpoint-query';
import { useLeaveForm } from '../ui/leave-form';
import { type Consequence, useConfirm } from './Consequence';
import { FormActions } from './FormActions';
import { RecordPage } from './RecordPage';
import { SchemaFormShell } from './SchemaFormShell';
import { type SchemaForm, useSchemaForm } from './useSchemaForm';

export interface EditPageProps<G extends Endpoint, C extends Endpoint, U extends Endpoint, S extends z.ZodType> {
  /** Reads the record named by `?<param>=`; without it the page creates. */
  load: G;
  /** The address parameter that names the record (`id` unless said otherwise). */
  param?: string;
  /** The read's input for the id (default: path parameter `id`). */
  loadInput?: (id: number) => EndpointInput<G>;
  create: C;
  update: U;
  /** The update's input for the record and the form's data (default: path parameter `id` and the body). */
  updateInput?: (record: EndpointResponse<G>, body: z.output<S>) => EndpointInput<U>;
  /** The form's schema, usually the create or the update endpoint's body. */
  schema: (record: EndpointResponse<G> | undefined) => S;
  /** The form's values for the record (or for a new one). */
  initialValues: (record: EndpointResponse<G> | undefined) => Record<string, unknown>;
  title: (record: EndpointResponse<G> | undefined) => string;
  /** The list to go back to, after saving or with the back button. */
  backTo: string;
  testId: string;
  maxWidth?: number;
  /**
   * A save that reaches players or money (UX.md §1): Enter in the form's fields does nothing, and
   * the save button first opens this confirmation (what, for whom, when, what is granted); cancel
   * sends nothing. The confirm button names the action.
   */
  confirm?: (body: z.output<S>, record: EndpointResponse<G> | undefined) => Consequence;
  /** The submit button's name where it does more than save (a new mail is sent: "发送"). */
  submitText?: (record: EndpointResponse<G> | undefined) => string;
  /** The notice after it went through, saying what happened ("已发送全服邮件"); default "保存成功". */
  doneText?: (record: EndpointResponse<G> | undefined) => string;
  children: (form: {
    itemProps: SchemaForm<S>['itemProps'];
    form: SchemaForm<S>['form'];
    record: EndpointResponse<G> | undefined;
  }) => ReactNode;
}

/**
 * An edit page: load the record named in the address → a form validated by the endpoint's
 * schema → create or update → back to the list with a notice. Server field errors land on their
 * fields; the lists the save changes reload through the endpoints' `invalidates`.
 */
export function EditPage<G extends Endpoint, C extends Endpoint, U extends Endpoint, S extends z.ZodType>(
  props: EditPageProps<G, C, U, S>,
) {
  return (
    <RecordPage endpoint={props.load} param={props.param} input={props.loadInput}>
      {(record) => <EditForm {...props} record={record} />}
    </RecordPage>
  );
}

function EditForm<G extends Endpoint, C extends Endpoint, U extends Endpoint, S extends z.ZodType>({
  record,
  create,
  update,
  updateInput,
  schema,
  initialValues,
  title,
  backTo,
  testId,
  maxWidth = 720,
  confirm,
  submitText,
  doneText,
  children,
}: EditPageProps<G, C, U, S> & { record: EndpointResponse<G> | undefined }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const formSchema = schema(record);
  const askFirst = useConfirm();
  const confirmed = async (body: z.output<S>) => (confirm ? askFirst(confirm(body, record)) : true);
  const leave = useLeaveForm();
  const creating = useEndpointMutation(create);
  const updating = useEndpointMutation(update);
  const schemaForm = useSchemaForm(formSchema, async (body) => {
    if (!(await confirmed(body))) return;
    if (record)
      await updating.mutateAsync(
        (updateInput?.(record, body) ?? {
          params: { id: (record as unknown as { id: number }).id },
          body,
        }) as EndpointInput<U>,
      );
    else await creating.mutateAsync({ body } as EndpointInput<C>);
    message.success(doneText?.(record) ?? t('common.saved'));
    // The form's work is done: its tab closes.
    leave(backTo);
  });
  return (
    <Card title={title(record)} style={{ maxWidth }}>
      <SchemaFormShell
        schemaForm={schemaForm}
        schema={formSchema}
        testId={testId}
        initialValues={initialValues(record)}
        consequential={Boolean(confirm)}
      >
        {children({ itemProps: schemaForm.itemProps, form: schemaForm.form, record })}
        <FormActions submitting={schemaForm.submitting} backTo={backTo} submitText={submitText?.(record)} />
      </SchemaFormShell>
    </Card>
  );
}
