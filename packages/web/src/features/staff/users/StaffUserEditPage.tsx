import { pathTo, staffEndpoints } from '@rookery/contracts';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditPage } from '../../../crud/EditPage';
import { roleText } from '../roles/role-label';
import { useRoleNames } from '../roles/useRoleNames';

const listPath = pathTo('systemUserList');

/** Create a staff user, or edit one (`?id=`). The password is set here only on creation. */
export default function StaffUserEditPage() {
  const { t } = useTranslation();
  const roleNames = useRoleNames();
  return (
    <EditPage
      load={staffEndpoints.getStaffUser}
      create={staffEndpoints.createStaffUser}
      update={staffEndpoints.updateStaffUser}
      schema={(user) => (user ? staffEndpoints.updateStaffUser.body! : staffEndpoints.createStaffUser.body!)}
      initialValues={(user) =>
        user
          ? {
              username: user.username,
              role: user.role ?? undefined,
              email: user.email ?? undefined,
              phoneNumber: user.phoneNumber ?? '',
              name: user.name ?? '',
            }
          : {}
      }
      title={(user) => t(user ? 'routes.systemUserEdit' : 'common.create')}
      backTo={listPath}
      testId="staff-user-form"
      maxWidth={640}
    >
      {({ itemProps, record: user }) => (
        <>
          <Form.Item {...itemProps('username')} label={t('staff.username')}>
            <Input autoComplete="off" />
          </Form.Item>
          {!user && (
            <Form.Item {...itemProps('pwd')} label={t('staff.password')}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          )}
          <Form.Item {...itemProps('role')} label={t('staff.role')}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={roleNames.map((name) => ({ value: name, label: roleText(name) }))}
              data-testid="role-select"
            />
          </Form.Item>
          <Form.Item {...itemProps('email')} label={t('staff.email')}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item {...itemProps('phoneNumber')} label={t('staff.phoneNumber')}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item {...itemProps('name')} label={t('staff.name')}>
            <Input autoComplete="off" />
          </Form.Item>
        </>
      )}
    </EditPage>
  );
}
