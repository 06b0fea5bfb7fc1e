import { type MailTemplate, mailEndpoints, type TemplateTable, templatePermissions } from '@rookery/contracts';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../access/useCan';
import { api } from '../../api/request';
import { ListPage } from '../../crud/ListPage';
import { mailTemplateFields, rewardTemplateFields } from './mail-fields';

/** Mail templates or reward templates: search by name, create, edit, delete. */
export function TemplateList({ table, editPath }: { table: TemplateTable; editPath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const canEdit = useCan()([templatePermissions[table].create]);
  return (
    <ListPage<MailTemplate>
      queryKey={`mail-templates-${table}`}
      fields={table === 'mail' ? mailTemplateFields : rewardTemplateFields}
      rowKey="id"
      load={async ({ page, pageSize, filters }) => {
        const data = await api(mailEndpoints.listMailTemplates, {
          query: { theTable: table, page, pageSize, searchName: filters.name },
        });
        return { rows: data.list, total: data.pagination.total };
      }}
      toolbar={
        canEdit && (
          <Button type="primary" onClick={() => navigate(editPath)} data-testid="create-template">
            {t(table === 'mail' ? 'mail.newTemplate' : 'mail.newRewardTemplate')}
          </Button>
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
                  await api(mailEndpoints.deleteMailTemplate, { params: { id: row.id }, query: { theTable: table } });
                  message.success(t('common.deleted'));
                },
              },
            ]
          : []
      }
    />
  );
}
