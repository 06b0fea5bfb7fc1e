import { pathTo, staffEndpoints } from '@rookery/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditPage } from '../../../crud/EditPage';
import { PermissionTree } from './PermissionTree';

const listPath = pathTo('systemRoleManage');

/** Create a role, or edit one (`?id=`): its name and its permissions. */
export default function RoleEditPage() {
  const { t } = useTranslation();
  return (
    <EditPage
      load={staffEndpoints.getRole}
      create={staffEndpoints.createRole}
      update={staffEndpoints.updateRole}
      schema={() => staffEndpoints.createRole.body!}
      initialValues={(role) => ({ roleName: role?.roleName, content: role?.content ?? [] })}
      title={(role) => t(role ? 'routes.systemRoleEdit' : 'common.create')}
      backTo={listPath}
      testId="role-form"
    >
      {({ itemProps, record: role }) => (
        <>
          <Form.Item {...itemProps('roleName')} label={t('staff.roleName')}>
            <Input disabled={role?.builtIn} />
          </Form.Item>
          <Form.Item {...itemProps('content')} label={t('staff.permissions')}>
            <PermissionTree />
          </Form.Item>
        </>
      )}
    </EditPage>
  );
}
