import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { type Locale, staffEndpoints, translate } from '@rookery/contracts';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { signIn } from '../../access/sign-in';
import { isApiError } from '../../api/request';
import { useSchemaForm } from '../../crud/useSchemaForm';
import { homePath } from '../../navigation/route-index';
import { AuthCard } from './AuthCard';

/**
 * Only console paths are followed after sign-in. The registration pages are not: an approved
 * applicant whose pending session ended comes back through login and belongs in the console.
 */
function safeRedirect(target: string | null): string {
  const inside = target?.startsWith('/') && !target.startsWith('//');
  return inside && !/^\/(login|register)\b/.test(target!) ? target! : homePath;
}

export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<string>();

  const { form, onFinish, submitting, itemProps } = useSchemaForm(staffEndpoints.login.body!, async ({ username, password }) => {
    setFailure(undefined);
    try {
      const session = await signIn(username, password);
      navigate(session.status === 'active' ? safeRedirect(params.get('redirect')) : '/register/result', { replace: true });
    } catch (error) {
      setFailure(isApiError(error) ? error.msg : String(error));
      throw error;
    }
  });

  return (
    <AuthCard title={t('auth.signInTitle')}>
      {failure && (
        <Alert
          type="error"
          showIcon
          title={`${translate('auth.loginFailed', i18n.language as Locale)}: ${failure}`}
          style={{ marginBottom: 16 }}
          data-testid="login-error"
        />
      )}
      <Form form={form} onFinish={onFinish} size="large" data-testid="login-form">
        <Form.Item {...itemProps('username')}>
          <Input prefix={<UserOutlined />} placeholder={t('auth.username')} autoComplete="username" />
        </Form.Item>
        <Form.Item {...itemProps('password')}>
          <Input.Password prefix={<LockOutlined />} placeholder={t('auth.password')} autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('auth.signIn')}
        </Button>
      </Form>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        {t('auth.noAccount')} <Link to="/register">{t('auth.toRegister')}</Link>
      </div>
    </AuthCard>
  );
}
