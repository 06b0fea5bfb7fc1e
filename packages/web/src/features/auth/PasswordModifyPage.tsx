import { staffEndpoints } from '@rookery/contracts';
import { App, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/request';
import { useSchemaForm } from '../../crud/useSchemaForm';
import { NewPasswordHint } from './PasswordStrength';

/** Change my password. The server ends my other sessions; this one stays signed in. */
export default function PasswordModifyPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { form, formProps, submitting, itemProps } = useSchemaForm(
    staffEndpoints.changePassword.body!,
    async (body) => {
      await api(staffEndpoints.changePassword, { body });
      form.resetFields();
      message.success(t('auth.passwordChanged'));
    },
  );
  const newPassword = Form.useWatch('newPassword', form);
  return (
    <Card title={t('routes.passwordModify')} style={{ maxWidth: 560 }}>
      <Form {...formProps} layout="vertical" data-testid="password-form">
        <Form.Item {...itemProps('oldPassword')} label={t('auth.oldPassword')}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          {...itemProps('newPassword')}
          label={t('auth.newPassword')}
          extra={<NewPasswordHint password={newPassword} />}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('auth.confirmPassword')}
          dependencies={['newPassword']}
          required
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_, value) => {
                if (value !== getFieldValue('newPassword')) throw new Error(t('auth.passwordMismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={submitting}>
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}
