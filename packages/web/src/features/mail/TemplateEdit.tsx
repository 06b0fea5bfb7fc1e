import { type MailTemplate, mailEndpoints, type TemplateTable, templateBodySchema } from '@rookery/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../api/request';
import { FormActions } from '../../crud/FormActions';
import { RecordPage } from '../../crud/RecordPage';
import { useSchemaForm } from '../../crud/useSchemaForm';
import { RewardsEditor } from '../shared/RewardsEditor';
import { LocalizedTextsInput } from './LocalizedTextsInput';
import './texts';

/** Create a mail or reward template, or edit one (`?id=`). */
export function TemplateEdit({ table, listPath }: { table: TemplateTable; listPath: string }) {
  return (
    <RecordPage
      queryKey={`mail-template-${table}`}
      load={(id) => api(mailEndpoints.getMailTemplate, { params: { id }, query: { theTable: table } })}
    >
      {(template) => <TemplateForm table={table} listPath={listPath} template={template} />}
    </RecordPage>
  );
}

function TemplateForm({
  table,
  listPath,
  template,
}: {
  table: TemplateTable;
  listPath: string;
  template?: MailTemplate;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { form, onFinish, submitting } = useSchemaForm(templateBodySchema, async (body) => {
    if (template) await api(mailEndpoints.updateMailTemplate, { params: { id: template.id }, body });
    else await api(mailEndpoints.createMailTemplate, { body });
    await queryClient.invalidateQueries({ queryKey: [`mail-templates-${table}`] });
    await queryClient.invalidateQueries({ queryKey: [`mail-template-${table}`] });
    message.success(t('common.saved'));
    navigate(listPath);
  });
  return (
    <Card
      title={t(template ? 'common.edit' : table === 'mail' ? 'mail.newTemplate' : 'mail.newRewardTemplate')}
      style={{ maxWidth: 860 }}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        data-testid="template-form"
        initialValues={{
          theTable: table,
          name: template?.name,
          title: template?.title ?? {},
          content: template?.content ?? {},
          reward: template?.reward ?? [{ amount: 1 }],
        }}
      >
        <Form.Item name="theTable" hidden>
          <Input />
        </Form.Item>
        <Form.Item name="name" label={t('mail.templateName')} required>
          <Input maxLength={100} data-testid="template-name" />
        </Form.Item>
        {table === 'mail' ? (
          <LocalizedTextsInput initialLanguages={Object.keys(template?.title ?? {})} />
        ) : (
          <Form.Item label={t('mail.reward')} required>
            <RewardsEditor />
          </Form.Item>
        )}
        <div style={{ marginTop: 16 }}>
          <FormActions submitting={submitting} backTo={listPath} />
        </div>
      </Form>
    </Card>
  );
}
