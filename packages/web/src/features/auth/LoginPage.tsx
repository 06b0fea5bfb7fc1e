import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { type Locale, pathTo } from '@rookery/contracts';
import { Alert, Button, theme } from 'antd';
// Input and Password alone: the input index also carries TextArea, Search and OTP.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/request';
import { afterSignIn } from '../../navigation/route-index';
import { AuthCard } from './AuthCard';
import type { FieldErrors } from './login-flow';

/**
 * The sign-in code, the login endpoint's schema (with zod) and the message catalogue load right
 * after the page shows.
 * The login page is the one with a first-load budget, which is also why this form is plain HTML
 * around AntD inputs rather than AntD's Form.
 */
const loadFlow = () => import('./login-flow');

type Credentials = { username: string; password: string };

export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const locale = i18n.language as Locale;

  useEffect(() => {
    void loadFlow();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const flow = await loadFlow();
    const checked = flow.validateCredentials(values, locale);
    if (!checked.data) return setErrors(checked.errors);
    setErrors({});
    setSubmitting(true);
    try {
      const session = await flow.signIn(checked.data.username, checked.data.password);
      navigate(session.status === 'active' ? afterSignIn(params.get('redirect')) : pathTo('registerResult'), {
        replace: true,
      });
    } catch (error) {
      if (!isApiError(error)) throw error;
      const described = flow.describeFailure(error, locale);
      setFailure(described.text);
      setErrors(described.errors);
    } finally {
      setSubmitting(false);
    }
  };

  const inputProps = (field: keyof Credentials, autoComplete: string) => ({
    size: 'large' as const,
    placeholder: t(`auth.${field}`),
    autoComplete,
    value: values[field],
    onChange: (event: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [field]: event.target.value }));
      setErrors((e) => ({ ...e, [field]: undefined }));
    },
    status: errors[field] ? ('error' as const) : undefined,
    'aria-invalid': Boolean(errors[field]),
  });

  return (
    <AuthCard title={t('auth.signInTitle')}>
      {failure && (
        <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} data-testid="login-error" />
      )}
      <form onSubmit={submit} noValidate data-testid="login-form">
        <Field error={errors.username}>
          <Input {...inputProps('username', 'username')} prefix={<UserOutlined />} />
        </Field>
        <Field error={errors.password}>
          <Password {...inputProps('password', 'current-password')} prefix={<LockOutlined />} />
        </Field>
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          {t('auth.signIn')}
        </Button>
      </form>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        {t('auth.noAccount')} <Link to={pathTo('register')}>{t('auth.toRegister')}</Link>
      </div>
    </AuthCard>
  );
}

/** An input with its error line below, the way AntD's Form.Item shows one. */
function Field({ error, children }: { error?: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: 8 }}>
      {children}
      <div role="alert" style={{ minHeight: 24, color: token.colorError, fontSize: token.fontSize }}>
        {error}
      </div>
    </div>
  );
}
