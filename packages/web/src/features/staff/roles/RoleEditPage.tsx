import { type Role, staffEndpoints } from '@rookery/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../../api/request';
import { useSchemaForm } from '../../../crud/useSchemaForm';
import { ErrorPage } from '../../../shell/errors/ErrorPage';
import { PageSpinner } from '../../../shell/PageSpinner';
import { PermissionTree } from './PermissionTree';

const listPath = '/system/role-manage';

/** Create a role, or edit one (`?id=`): its name and its permissions. */
export default function RoleEditPage() {
  const id = Number(useSearchParams()[0].get('id')) || undefined;
  const role = useQuery({
    queryKey: ['role', id],
    queryFn: () => api(staffEndpoints.getRole, { params: { id: id! } }),
    enabled: Boolean(id),
  });
  if (id && role.isError) return <ErrorPage status={404} />;
  if (id && !role.data) return <PageSpinner />;
  return <RoleForm key={id ?? 'new'} role={role.data} />;
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
        <Space>
          <Button type="primary" htmlType="submit" loading={submitting}>
            {t('common.save')}
          </Button>
          <Button onClick={() => navigate(listPath)}>{t('common.back')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
