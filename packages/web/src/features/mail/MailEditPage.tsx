import {
  type MailScope,
  type MailTemplate,
  mailBodySchema,
  mailEndpoints,
  mailScopes,
  pathTo,
  type TemplateTable,
  withFutureEnd,
} from '@rookery/contracts';
import { Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EditPage } from '../../crud/EditPage';
import { EndpointPicker } from '../../crud/EndpointPicker';
import { TimeWindowItems } from '../../crud/form-items';
import { ConditionsEditor } from '../shared/ConditionsEditor';
import { RewardsEditor } from '../shared/RewardsEditor';
import { LocalizedTextsInput } from './LocalizedTextsInput';
import { MailConfirmation } from './MailConfirmation';
import './texts';
import { NumberInput } from '../../crud/schema-fields';

const listPaths: Record<MailScope, string> = {
  personal: pathTo('emailList'),
  global: pathTo('emailGlobal'),
  comeback: pathTo('emailComeback'),
};

/** Send a mail of the scope in `?mailScope=`, or edit one (`&id=`). */
export default function MailEditPage() {
  const scopeParam = useSearchParams()[0].get('mailScope') as MailScope | null;
  const scope: MailScope = scopeParam && mailScopes.includes(scopeParam) ? scopeParam : 'personal';
  const { t } = useTranslation();
  return (
    <EditPage
      load={mailEndpoints.getMail}
      loadInput={(id) => ({ params: { id }, query: { mailScope: scope } })}
      create={mailEndpoints.createMail}
      update={mailEndpoints.updateMail}
      updateInput={(mail, body) => ({ params: { id: mail.id }, query: { mailScope: scope }, body })}
      // The expiry the server refuses once past, refused before the confirmation (the browser's clock).
      schema={() => withFutureEnd(mailBodySchema, ['expireAt'], 'mail.expireInPast', Date.now)}
      // The form holds what the schema reads (its input shape); a loaded mail fills it as it came.
      initialValues={(mail) => ({
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
      })}
      title={(mail) => `${t(`mail.scopes.${scope}`)} · ${t(mail ? 'common.edit' : 'mail.send')}`}
      backTo={listPaths[scope]}
      // A new mail is sent, not saved: the button and the notice say so.
      submitText={(mail) => (mail ? t('common.save') : t('mail.sendOk'))}
      doneText={(mail) => (mail ? t('mail.savedMail', { id: mail.id }) : t(`mail.sent.${scope}`))}
      testId="mail-form"
      maxWidth={960}
      confirm={(body, mail) => ({
        title: mail ? t('mail.confirm.editTitle', { id: mail.id }) : t(`mail.confirm.title.${scope}`),
        content: <MailConfirmation scope={scope} mail={body} />,
        okText: mail ? t('mail.confirm.save') : t(`mail.confirm.send.${scope}`),
      })}
    >
      {({ itemProps, form, record: mail }) => (
        <>
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
                <NumberInput />
              </Form.Item>
              <Form.Item {...itemProps('maxTimes')} label={t('mail.maxTimes')}>
                <NumberInput />
              </Form.Item>
            </Space>
          )}
          <TimeWindowItems
            itemProps={itemProps}
            names={['effectiveAt', 'expireAt']}
            labels={[t('mail.effectiveAt'), t('mail.expireAt')]}
          >
            <Form.Item {...itemProps('iapId')} label={t('mail.iapId')}>
              <Input style={{ width: 220 }} />
            </Form.Item>
          </TimeWindowItems>
        </>
      )}
    </EditPage>
  );
}

/**
 * A template of one table, found by its name on the server a page at a time; picking one hands it
 * to `onPick` so the form shows what the template fills in.
 */
function TemplatePicker({
  table,
  testId,
  value,
  onChange,
  onPick,
  id,
}: {
  table: TemplateTable;
  testId: string;
  value?: number;
  onChange?: (id: number | undefined) => void;
  onPick: (template: MailTemplate) => void;
  /** From the Form.Item: its label names the picker through this id. */
  id?: string;
}) {
  return (
    <EndpointPicker<MailTemplate, number>
      endpoint={mailEndpoints.listMailTemplates}
      query={{ theTable: table }}
      searchParam="searchName"
      rowValue={(m) => m.id}
      rowLabel={(m) => m.name}
      value={value}
      onChange={onChange}
      onPick={onPick}
      testId={testId}
      id={id}
    />
  );
}
