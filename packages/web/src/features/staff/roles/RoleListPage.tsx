import { pathTo, type Role, staffEndpoints } from '@rookery/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../../api/request';
import { FormDialog } from '../../../crud/FormDialog';
import { ListPage } from '../../../crud/ListPage';
import { roleFields } from './role-fields';

/** Roles (admin only): search by name, create, edit, copy, delete with confirmation. */
export default function RoleListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [copying, setCopying] = useState<Role>();

  return (
    <>
      <ListPage<Role>
        queryKey="roles"
        fields={roleFields}
        rowKey="id"
        load={async ({ page, pageSize, filters }) => {
          const data = await api(staffEndpoints.listRoles, {
            query: { pageNum: page, pageSize, roleName: filters.roleName },
          });
          return { rows: data.datas, total: data.count };
        }}
        toolbar={
          <Button type="primary" onClick={() => navigate(pathTo('systemRoleEdit'))} data-testid="create-role">
            {t('common.create')}
          </Button>
        }
        rowActions={(row) => [
          {
            key: 'edit',
            label: t('common.edit'),
            run: () => navigate(pathTo('systemRoleEdit', undefined, { id: row.id })),
          },
          { key: 'copy', label: t('staff.copyRole'), run: () => setCopying(row) },
          ...(row.builtIn
            ? []
            : [
                {
                  key: 'delete',
                  label: t('common.delete'),
                  danger: true,
                  confirm: () => t('common.deleteConfirm', { name: row.roleName }),
                  run: async () => {
                    await api(staffEndpoints.deleteRole, { params: { id: row.id } });
                    message.success(t('common.deleted'));
                  },
                },
              ]),
        ]}
      />
      {copying && <CopyRoleModal role={copying} onClose={() => setCopying(undefined)} />}
    </>
  );
}

function CopyRoleModal({ role, onClose }: { role: Role; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return (
    <FormDialog
      name="copy-role"
      title={t('staff.copyRoleTitle', { name: role.roleName })}
      schema={staffEndpoints.copyRole.body!}
      initialValues={{ id: role.id }}
      onClose={onClose}
      submit={async (body) => {
        await api(staffEndpoints.copyRole, { body });
        await queryClient.invalidateQueries({ queryKey: ['roles'] });
        message.success(t('common.saved'));
      }}
    >
      {(itemProps) => (
        <>
          <Form.Item name="id" hidden>
            <Input />
          </Form.Item>
          <Form.Item {...itemProps('roleName')} label={t('staff.newRoleName')}>
            <Input autoFocus />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
