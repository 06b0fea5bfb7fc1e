import { pathTo, type StaffUser, staffEndpoints } from '@rookery/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Card, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../../api/request';
import { FormActions } from '../../../crud/FormActions';
import { RecordPage } from '../../../crud/RecordPage';
import { useSchemaForm } from '../../../crud/useSchemaForm';
import { useRoleNames } from '../roles/useRoleNames';

const listPath = pathTo('systemUserList');

/** Create a staff user, or edit one (`?id=`). The password is set here only on creation. */
export default function StaffUserEditPage() {
  return (
    <RecordPage queryKey="staffUser" load={(id) => api(staffEndpoints.getStaffUser, { params: { id } })}>
      {(user) => <StaffUserForm user={user} />}
    </RecordPage>
  );
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
        <FormActions submitting={submitting} backTo={listPath} />
      </Form>
    </Card>
  );
}
