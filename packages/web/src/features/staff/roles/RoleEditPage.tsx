import { pathTo, type Role, staffEndpoints } from '@rookery/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../../api/request';
import { FormActions } from '../../../crud/FormActions';
import { RecordPage } from '../../../crud/RecordPage';
import { useSchemaForm } from '../../../crud/useSchemaForm';
import { PermissionTree } from './PermissionTree';

const listPath = pathTo('systemRoleManage');

/** Create a role, or edit one (`?id=`): its name and its permissions. */
export default function RoleEditPage() {
  return (
    <RecordPage queryKey="role" load={(id) => api(staffEndpoints.getRole, { params: { id } })}>
      {(role) => <RoleForm role={role} />}
    </RecordPage>
  );
}

function RoleForm({ role }: { role?: Role }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { form, onFinish, submitting, itemProps } = useSchemaForm(staffEndpoints.createRole.body!, async (body) => {
    if (role) await api(staffEndpoints.updateRole, { params: { id: role.id }, body });
    else await api(staffEndpoints.createRole, { body });
    await queryClient.invalidateQueries({ queryKey: ['roles'] });
    await queryClient.invalidateQueries({ queryKey: ['role'] });
    message.success(t('common.saved'));
    navigate(listPath);
  });

  return (
    <Card title={t(role ? 'routes.systemRoleEdit' : 'common.create')} style={{ maxWidth: 720 }}>
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        initialValues={{ roleName: role?.roleName, content: role?.content ?? [] }}
        data-testid="role-form"
      >
        <Form.Item {...itemProps('roleName')} label={t('staff.roleName')}>
          <Input disabled={role?.builtIn} />
        </Form.Item>
        <Form.Item {...itemProps('content')} label={t('staff.permissions')}>
          <PermissionTree />
        </Form.Item>
        <FormActions submitting={submitting} backTo={listPath} />
      </Form>
    </Card>
  );
}
