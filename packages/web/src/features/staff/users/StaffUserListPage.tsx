import { pathTo, type StaffUser, staffEndpoints, twoFactorEndpoints } from '@rookery/contracts';
import { App, Button, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useEndpointMutation } from '../../../api/endpoint-query';
import { useMutationAction } from '../../../crud/actions';
import { CreateButton } from '../../../crud/CreateButton';
import { copyText } from '../../../crud/clipboard';
import { ListPage } from '../../../crud/ListPage';
import { randomPassword } from './random-password';
import { staffUserFields } from './staff-user-fields';
import '../texts';

/** Staff users (admin only): search by email, create, edit, disable or enable, reset a password or the second factor. */
export default function StaffUserListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const updateUser = useEndpointMutation(staffEndpoints.updateStaffUser);
  const resetTwoFactor = useMutationAction(twoFactorEndpoints.resetStaffTwoFactor);

  const update = (row: StaffUser, body: { status?: 'active' | 'disabled'; pwd?: string }) =>
    updateUser.mutateAsync({ params: { id: row.id }, body });

  /** Disabling signs staff out at once: say whom, how many, and what follows. */
  const disableConsequence = (rows: StaffUser[]) => ({
    title: t('staffConfirm.disableTitle', { count: rows.length }),
    rows: [
      {
        label: t('staffConfirm.accounts'),
        value: rows.map((r) => (r.role ? `${r.username} (${r.role})` : r.username)).join(', '),
      },
      { label: t('staff.status'), value: t('staffConfirm.disableEffect') },
    ],
    okText:
      rows.length === 1
        ? t('staffConfirm.disableOne', { name: rows[0]!.username })
        : t('staffConfirm.disableOk', { count: rows.length }),
  });

  const resetPassword = async (row: StaffUser) => {
    const pwd = randomPassword();
    await update(row, { pwd });
    // Shown once: the server stores only its hash.
    modal.info({
      title: t('staff.resetPassword'),
      width: 480,
      content: (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text>{t('staff.newPasswordOnce')}</Typography.Text>
          <Space.Compact style={{ width: '100%' }}>
            <Input readOnly value={pwd} data-testid="new-password" />
            <Button onClick={() => copyText(pwd, message, t)}>{t('common.copy')}</Button>
          </Space.Compact>
        </Space>
      ),
    });
  };

  return (
    <ListPage
      endpoint={staffEndpoints.listStaffUsers}
      fields={staffUserFields}
      toolbar={<CreateButton to={pathTo('systemUserEdit')} testId="create-user" />}
      batchActions={[
        {
          key: 'disable',
          label: t('staff.batchDisable'),
          danger: true,
          confirm: (rows) => disableConsequence(rows.filter((r) => r.status !== 'disabled')),
          run: async (rows) => {
            // One request per account: the API edits one staff user at a time.
            for (const row of rows) if (row.status !== 'disabled') await update(row, { status: 'disabled' });
            message.success(t('common.done'));
          },
        },
      ]}
      rowActions={(row) => [
        {
          key: 'edit',
          label: t('common.edit'),
          run: () => navigate(pathTo('systemUserEdit', undefined, { id: row.id })),
        },
        row.status === 'disabled'
          ? {
              key: 'enable',
              label: t('staff.enable'),
              confirm: () => t('staff.enableConfirm', { name: row.username }),
              run: () => update(row, { status: 'active' }),
            }
          : {
              key: 'disable',
              label: t('staff.disable'),
              danger: true,
              confirm: () => disableConsequence([row]),
              run: () => update(row, { status: 'disabled' }),
            },
        {
          key: 'resetPassword',
          label: t('staff.resetPassword'),
          confirm: () => t('staff.resetConfirm', { name: row.username }),
          run: () => resetPassword(row),
        },
        // Issue 46: a lost phone; the reset is audited.
        resetTwoFactor({
          key: 'resetTwoFactor',
          label: t('staff.resetTwoFactor'),
          danger: true,
          confirm: () => ({
            title: t('staffConfirm.resetTwoFactorTitle', { name: row.username }),
            rows: [
              { label: t('staffConfirm.accounts'), value: row.role ? `${row.username} (${row.role})` : row.username },
              { label: t('shell.twoFactor'), value: t('staffConfirm.resetTwoFactorEffect') },
            ],
            okText: t('staffConfirm.resetTwoFactorOk', { name: row.username }),
          }),
          input: () => ({ params: { id: row.id } }),
          done: t('common.done'),
        }),
      ]}
    />
  );
}
