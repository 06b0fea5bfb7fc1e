import {
  type EndpointResponse,
  type MailScope,
  type MailTemplate,
  mailBodySchema,
  mailEndpoints,
  mailScopes,
  pathTo,
  type TemplateTable,
} from '@rookery/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Form, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/request';
import { FormActions } from '../../crud/FormActions';
import { RecordPage } from '../../crud/RecordPage';
import { useSchemaForm } from '../../crud/useSchemaForm';
import { ConditionsEditor } from '../shared/ConditionsEditor';
import { IsoDateTimeInput } from '../shared/IsoDateTimeInput';
import { RewardsEditor } from '../shared/RewardsEditor';
import { LocalizedTextsInput } from './LocalizedTextsInput';
import './texts';

const listPaths: Record<MailScope, string> = {
  personal: pathTo('emailList'),
  global: pathTo('emailGlobal'),
  comeback: pathTo('emailComeback'),
};

type MailDetail = EndpointResponse<typeof mailEndpoints.getMail>;

/** Send a mail of the scope in `?mailScope=`, or edit one (`&id=`). */
export default function MailEditPage() {
  const scopeParam = useSearchParams()[0].get('mailScope') as MailScope | null;
  const scope: MailScope = scopeParam && mailScopes.includes(scopeParam) ? scopeParam : 'personal';
  return (
    <RecordPage
      queryKey={`mail-${scope}`}
      load={(id) => api(mailEndpoints.getMail, { params: { id }, query: { mailScope: scope } })}
    >
      {(mail) => <MailForm scope={scope} mail={mail} />}
    </RecordPage>
  );
}

/**
 * A template of one table, chosen from all of them (the spec's all-items list, pageSize 1000);
 * picking one hands it to `onPick` so the form shows what the template fills in.
 */
function TemplatePicker({
  table,
  testId,
  value,
  onChange,
  onPick,
}: {
  table: TemplateTable;
  testId: string;
  value?: number;
  onChange?: (id: number | undefined) => void;
  onPick: (template: MailTemplate) => void;
}) {
  const templates = useQuery({
    queryKey: ['mail-templates-all', table],
    queryFn: () => api(mailEndpoints.listMailTemplates, { query: { theTable: table, page: 1, pageSize: 1000 } }),
  }).data?.list;
  return (
    <Select
      allowClear
      data-testid={testId}
      value={value}
      showSearch={{ optionFilterProp: 'label' }}
      options={templates?.map((m) => ({ value: m.id, label: m.name }))}
      onChange={(id?: number) => {
        onChange?.(id);
        const picked = templates?.find((m) => m.id === id);
        if (picked) onPick(picked);
      }}
    />
  );
}

function MailForm({ scope, mail }: { scope: MailScope; mail?: MailDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { form, onFinish, submitting, itemProps } = useSchemaForm(mailBodySchema, async (body) => {
    if (mail) await api(mailEndpoints.updateMail, { params: { id: mail.id }, query: { mailScope: scope }, body });
    else await api(mailEndpoints.createMail, { body });
    await queryClient.invalidateQueries({ queryKey: [`mails-${scope}`] });
    await queryClient.invalidateQueries({ queryKey: [`mail-${scope}`] });
    message.success(t('common.saved'));
    navigate(listPaths[scope]);
  });
  // The form holds what the schema reads (its input shape); a loaded mail fills it as it came.
  const initialValues: Record<string, unknown> = {
    mailScope: scope,
    title: mail?.title ?? {},
    content: mail?.content ?? {},
    reward: mail?.reward ?? [],
    conditions: mail?.conditions ?? [],
    effectiveAt: mail?.effectiveAt,
    expireAt: mail?.expireAt,
    iapId: mail?.iapId ?? undefined,
    mailTemplateId: mail?.mailTemplateId ?? undefined,
    rewardTemplateId: mail?.rewardTemplateId ?? undefined,
    userIdInput: mail?.userIdInput ?? undefined,
    notLoginDays: mail?.notLoginDays ?? undefined,
    maxTimes: mail?.maxTimes ?? (scope === 'comeback' ? 1 : undefined),
  };
  return (
    <Card title={`${t(`mail.scopes.${scope}`)} · ${t(mail ? 'common.edit' : 'mail.send')}`} style={{ maxWidth: 960 }}>
      <Form form={form} layout="vertical" onFinish={onFinish} initialValues={initialValues} data-testid="mail-form">
        <Form.Item name="mailScope" hidden>
          <Input />
        </Form.Item>
        {scope === 'personal' && (
          <Form.Item {...itemProps('userIdInput')} label={t('mail.userIdInput')}>
            <Input.TextArea rows={4} data-testid="mail-user-ids" />
          </Form.Item>
        )}
        <Form.Item name="mailTemplateId" label={t('mail.mailTemplate')}>
          <TemplatePicker
            table="mail"
            testId="mail-template-picker"
            onPick={(picked) => form.setFieldsValue({ title: picked.title, content: picked.content })}
          />
        </Form.Item>
        <LocalizedTextsInput initialLanguages={Object.keys(mail?.title ?? {})} />
        <Form.Item name="rewardTemplateId" label={t('mail.rewardTemplate')} style={{ marginTop: 16 }}>
          <TemplatePicker
            table="reward"
            testId="reward-template-picker"
            onPick={(picked) => form.setFieldsValue({ reward: picked.reward })}
          />
        </Form.Item>
        <Form.Item label={t('mail.reward')}>
          <RewardsEditor />
        </Form.Item>
        {scope !== 'personal' && (
          <Form.Item label={t('mail.conditions')}>
            <ConditionsEditor />
          </Form.Item>
        )}
        {scope === 'comeback' && (
          <Space size="large">
            <Form.Item {...itemProps('notLoginDays')} label={t('mail.notLoginDays')}>
              <InputNumber<number> min={1} max={3650} precision={0} />
            </Form.Item>
            <Form.Item {...itemProps('maxTimes')} label={t('mail.maxTimes')}>
              <InputNumber<number> min={1} max={100} precision={0} />
            </Form.Item>
          </Space>
        )}
        <Space size="large" wrap>
          <Form.Item {...itemProps('effectiveAt')} label={t('mail.effectiveAt')}>
            <IsoDateTimeInput />
          </Form.Item>
          <Form.Item {...itemProps('expireAt')} label={t('mail.expireAt')}>
            <IsoDateTimeInput />
          </Form.Item>
          <Form.Item {...itemProps('iapId')} label={t('mail.iapId')}>
            <Input style={{ width: 220 }} />
          </Form.Item>
        </Space>
        <FormActions submitting={submitting} backTo={listPaths[scope]} />
      </Form>
    </Card>
  );
}
