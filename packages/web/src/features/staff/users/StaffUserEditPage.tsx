import { type StaffUser, staffEndpoints } from '@rookery/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../../api/request';
import { useSchemaForm } from '../../../crud/useSchemaForm';
import { ErrorPage } from '../../../shell/errors/ErrorPage';
import { PageSpinner } from '../../../shell/PageSpinner';
import { useRoleNames } from '../roles/useRoleNames';

const listPath = '/system/userlist';

/** Create a staff user, or edit one (`?id=`). The password is set here only on creation. */
export default function StaffUserEditPage() {
  const id = Number(useSearchParams()[0].get('id')) || undefined;
  const user = useQuery({
    queryKey: ['staffUser', id],
    queryFn: () => api(staffEndpoints.getStaffUser, { params: { id: id! } }),
    enabled: Boolean(id),
  });
  if (id && user.isError) return <ErrorPage status={404} />;
  if (id && !user.data) return <PageSpinner />;
  return <StaffUserForm key={id ?? 'new'} user={user.data} />;
}

function StaffUserForm({ user }: { user?: StaffUser }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const roleNames = useRoleNames();

  const save = async (body: Record<string, unknown>) => {
    if (user) await api(staffEndpoints.updateStaffUser, { params: { id: user.id }, body });
    else await api(staffEndpoints.createStaffUser, { body: body as never });
    await queryClient.invalidateQueries({ queryKey: ['staffUsers'] });
    await queryClient.invalidateQueries({ queryKey: ['staffUser'] });
    message.success(t('common.saved'));
    navigate(listPath);
  };
  const schema = user ? staffEndpoints.updateStaffUser.body! : staffEndpoints.createStaffUser.body!;
  const { form, onFinish, submitting, itemProps } = useSchemaForm(schema, save);

  return (
    <Card title={t(user ? 'routes.systemUserEdit' : 'common.create')} style={{ maxWidth: 640 }}>
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        data-testid="staff-user-form"
        initialValues={
          user && {
            username: user.username,
            role: user.role ?? undefined,
            email: user.email ?? undefined,
            phoneNumber: user.phoneNumber ?? '',
            name: user.name ?? '',
          }
        }
      >
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
            showSearch
            options={roleNames.map((name) => ({ value: name, label: name }))}
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
