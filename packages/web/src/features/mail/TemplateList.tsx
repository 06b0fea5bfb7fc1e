import { mailEndpoints, type TemplateTable, templatePermissions } from '@rookery/contracts';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../access/useCan';
import { useEndpointMutation } from '../../api/endpoint-query';
import { CreateButton } from '../../crud/CreateButton';
import { ListPage } from '../../crud/ListPage';
import { mailTemplateFields, rewardTemplateFields } from './mail-fields';

/** Mail templates or reward templates: search by name, create, edit, delete. */
export function TemplateList({ table, editPath }: { table: TemplateTable; editPath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const canEdit = useCan()([templatePermissions[table].create]);
  const remove = useEndpointMutation(mailEndpoints.deleteMailTemplate);
  return (
    <ListPage
      endpoint={mailEndpoints.listMailTemplates}
      query={{ theTable: table }}
      fields={table === 'mail' ? mailTemplateFields : rewardTemplateFields}
      toolbar={
        canEdit && (
          <CreateButton to={editPath} testId="create-template">
            {t(table === 'mail' ? 'mail.newTemplate' : 'mail.newRewardTemplate')}
          </CreateButton>
        )
      }
      rowActions={(row) =>
        canEdit
          ? [
              { key: 'edit', label: t('common.edit'), run: () => navigate(`${editPath}?id=${row.id}`) },
              {
                key: 'delete',
                label: t('common.delete'),
                danger: true,
                confirm: () => t('common.deleteConfirm', { name: row.name }),
                run: async () => {
                  await remove.mutateAsync({ params: { id: row.id }, query: { theTable: table } });
                  message.success(t('common.deleted'));
                },
              },
            ]
          : []
      }
    />
  );
}
