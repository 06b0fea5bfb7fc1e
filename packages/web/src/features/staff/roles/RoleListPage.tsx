import { pathTo, type Role, ssoEndpoints, staffEndpoints, twoFactorEndpoints } from '@rookery/contracts';
import { App, Form, Input, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useEndpointFetch, useEndpointMutation, useEndpointQuery } from '../../../api/endpoint-query';
import { useMutationAction } from '../../../crud/actions';
import { CreateButton } from '../../../crud/CreateButton';
import { FormDialog } from '../../../crud/FormDialog';
import type { Field } from '../../../crud/fields';
import { ListPage } from '../../../crud/ListPage';
import { useViewAs } from '../../shared/view-as';
import { roleFields } from './role-fields';
import { roleText } from './role-label';
import '../texts';

/** Roles (admin only): search by name, create, edit, copy, delete with confirmation. */
export default function RoleListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [copying, setCopying] = useState<Role>();
  const deleteRole = useMutationAction(staffEndpoints.deleteRole);
  const viewAs = useViewAs();
  const fetchEndpoint = useEndpointFetch();
  // Which roles must sign in with a second factor (issue 46): a column and an action per role.
  const setTwoFactorRoles = useMutationAction(twoFactorEndpoints.setTwoFactorRoles);
  const twoFactorRoles = useEndpointQuery(twoFactorEndpoints.getTwoFactorRoles).data?.roles;
  const fields = useMemo<Field<Role>[]>(() => {
    const required = new Set(twoFactorRoles ?? []);
    return [
      ...roleFields,
      {
        name: 'twoFactor',
        title: 'staff.twoFactorRequired',
        render: (row, tr) =>
          twoFactorRoles === undefined ? (
            '-'
          ) : required.has(row.roleName) ? (
            <Tag color="blue">{tr('staff.twoFactorRequiredYes')}</Tag>
          ) : (
            tr('staff.twoFactorRequiredNo')
          ),
      },
    ];
  }, [twoFactorRoles]);
  const twoFactorAction = (row: Role) => {
    if (!twoFactorRoles) return [];
    const on = twoFactorRoles.includes(row.roleName);
    const name = roleText(row.roleName);
    return [
      setTwoFactorRoles({
        key: on ? 'stopTwoFactor' : 'requireTwoFactor',
        label: t(on ? 'staff.stopTwoFactor' : 'staff.requireTwoFactor'),
        confirm: () => ({
          title: t(on ? 'staffConfirm.stopTwoFactorTitle' : 'staffConfirm.requireTwoFactorTitle', { name }),
          rows: [
            { label: t('staffConfirm.role'), value: name },
            {
              label: t('staffConfirm.holders'),
              value: row.userCount
                ? t('staffConfirm.staffCount', { count: row.userCount })
                : t('staffConfirm.holdersNone'),
            },
            {
              label: t('shell.twoFactor'),
              value: t(on ? 'staffConfirm.stopTwoFactorEffect' : 'staffConfirm.requireTwoFactorEffect'),
            },
          ],
          okText: t(on ? 'staffConfirm.stopTwoFactorOk' : 'staffConfirm.requireTwoFactorOk', { name }),
        }),
        input: () => ({
          body: {
            roles: on ? twoFactorRoles.filter((r) => r !== row.roleName) : [...twoFactorRoles, row.roleName],
          },
        }),
        done: t('common.saved'),
      }),
    ];
  };

  return (
    <>
      <ListPage
        endpoint={staffEndpoints.listRoles}
        fields={fields}
        toolbar={<CreateButton to={pathTo('systemRoleEdit')} testId="create-role" />}
        rowActions={(row) => [
          {
            key: 'edit',
            label: t('common.edit'),
            run: () => navigate(pathTo('systemRoleEdit', undefined, { id: row.id })),
          },
          { key: 'copy', label: t('staff.copyRole'), run: () => setCopying(row) },
          ...twoFactorAction(row),
          // "View as role": the console as this role sees it (menu, pages), changes refused.
          {
            key: 'viewAs',
            label: t('staff.viewAs'),
            run: () =>
              viewAs(async () => {
                const preview = await fetchEndpoint(ssoEndpoints.previewRoleAccess, { params: { id: row.id } });
                return { ...preview, name: roleText(preview.name) };
              }),
          },
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
