import { type MailTemplate, mailEndpoints, type TemplateTable, templateBodySchema } from '@rookery/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/request';
import { useSchemaForm } from '../../crud/useSchemaForm';
import { PageSpinner } from '../../shell/PageSpinner';
import { RewardsEditor } from '../shared/RewardsEditor';
import { LocalizedTextsInput } from './LocalizedTextsInput';
import './texts';

/** Create a mail or reward template, or edit one (`?id=`). */
export function TemplateEdit({ table, listPath }: { table: TemplateTable; listPath: string }) {
  const id = Number(useSearchParams()[0].get('id')) || undefined;
  const template = useQuery({
    queryKey: ['mail-template', table, id],
    queryFn: () => api(mailEndpoints.getMailTemplate, { params: { id: id! }, query: { theTable: table } }),
    enabled: Boolean(id),
  });
  if (id && !template.data) return <PageSpinner />;
  return <TemplateForm key={id ?? 'new'} table={table} listPath={listPath} template={template.data} />;
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
    await queryClient.invalidateQueries({ queryKey: ['mail-template'] });
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
        <Space style={{ marginTop: 16 }}>
          <Button type="primary" htmlType="submit" loading={submitting} data-testid="template-save">
            {t('common.save')}
          </Button>
          <Button onClick={() => navigate(listPath)}>{t('common.back')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
