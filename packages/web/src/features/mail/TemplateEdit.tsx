import { mailEndpoints, type TemplateTable, templateBodySchema } from '@rookery/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditPage } from '../../crud/EditPage';
import { RewardsEditor } from '../shared/RewardsEditor';
import { LocalizedTextsInput } from './LocalizedTextsInput';
import './texts';
import { TextInput } from '../../crud/schema-fields';

/** Create a mail or reward template, or edit one (`?id=`). */
export function TemplateEdit({ table, listPath }: { table: TemplateTable; listPath: string }) {
  const { t } = useTranslation();
  return (
    <EditPage
      load={mailEndpoints.getMailTemplate}
      loadInput={(id) => ({ params: { id }, query: { theTable: table } })}
      create={mailEndpoints.createMailTemplate}
      update={mailEndpoints.updateMailTemplate}
      schema={() => templateBodySchema}
      initialValues={(template) => ({
        theTable: table,
        name: template?.name,
        title: template?.title ?? {},
        content: template?.content ?? {},
        reward: template?.reward ?? [{ amount: 1 }],
      })}
      title={(template) =>
        t(template ? 'common.edit' : table === 'mail' ? 'mail.newTemplate' : 'mail.newRewardTemplate')
      }
      backTo={listPath}
      testId="template-form"
      maxWidth={860}
    >
      {({ record: template }) => (
        <>
          <Form.Item name="theTable" hidden>
            <Input />
          </Form.Item>
          <Form.Item name="name" label={t('mail.templateName')} required>
            <TextInput field="name" data-testid="template-name" />
          </Form.Item>
          {table === 'mail' ? (
            <LocalizedTextsInput initialLanguages={Object.keys(template?.title ?? {})} />
          ) : (
            <Form.Item label={t('mail.reward')} required>
              <RewardsEditor />
            </Form.Item>
          )}
          <div style={{ height: 16 }} />
        </>
      )}
    </EditPage>
  );
}
