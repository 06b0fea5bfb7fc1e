import { mailEndpoints, type TemplateTable, templatePermissions } from '@rookery/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../access/useCan';
import { useMutationAction } from '../../crud/actions';
import { CreateButton } from '../../crud/CreateButton';
import { ListPage } from '../../crud/ListPage';
import { mailTemplateFields, rewardTemplateFields } from './mail-fields';

/** Mail templates or reward templates: search by name, create, edit, delete. */
export function TemplateList({ table, editPath }: { table: TemplateTable; editPath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canEdit = useCan()([templatePermissions[table].create]);
  const remove = useMutationAction(mailEndpoints.deleteMailTemplate);
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
              remove({
                key: 'delete',
                label: t('common.delete'),
                danger: true,
                confirm: () => t('common.deleteConfirm', { name: row.name }),
                input: () => ({ params: { id: row.id }, query: { theTable: table } }),
                done: t('common.deleted'),
              }),
            ]
          : []
      }
    />
  );
}
