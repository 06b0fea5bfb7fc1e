import { pathTo, type Role, staffEndpoints } from '@rookery/contracts';
import { App, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useEndpointMutation } from '../../../api/endpoint-query';
import { useMutationAction } from '../../../crud/actions';
import { CreateButton } from '../../../crud/CreateButton';
import { FormDialog } from '../../../crud/FormDialog';
import { ListPage } from '../../../crud/ListPage';
import { roleFields } from './role-fields';
import '../texts';

/** Roles (admin only): search by name, create, edit, copy, delete with confirmation. */
export default function RoleListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [copying, setCopying] = useState<Role>();
  const deleteRole = useMutationAction(staffEndpoints.deleteRole);

  return (
    <>
      <ListPage
        endpoint={staffEndpoints.listRoles}
        fields={roleFields}
        toolbar={<CreateButton to={pathTo('systemRoleEdit')} testId="create-role" />}
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
                deleteRole({
                  key: 'delete',
                  label: t('common.delete'),
                  danger: true,
                  confirm: () => ({
                    title: t('staffConfirm.deleteRoleTitle', { name: row.roleName }),
                    rows: [
                      { label: t('staffConfirm.role'), value: row.roleName },
                      {
                        label: t('staffConfirm.holders'),
                        value: row.userCount
                          ? t('staffConfirm.holdersSome', { count: row.userCount })
                          : t('staffConfirm.holdersNone'),
                      },
                      {
                        label: t('staffConfirm.permissions'),
                        value: t('staffConfirm.permissionsCount', { count: row.content.length }),
                      },
                      { label: t('common.delete'), value: t('staffConfirm.roleGone') },
                    ],
                    okText: t('staffConfirm.deleteRoleOk', { name: row.roleName }),
                  }),
                  input: () => ({ params: { id: row.id } }),
                  done: t('common.deleted'),
                }),
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
  const copyRole = useEndpointMutation(staffEndpoints.copyRole);
  return (
    <FormDialog
      name="copy-role"
      title={t('staff.copyRoleTitle', { name: role.roleName })}
      schema={staffEndpoints.copyRole.body!}
      initialValues={{ id: role.id }}
      onClose={onClose}
      submit={async (body) => {
        await copyRole.mutateAsync({ body });
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
