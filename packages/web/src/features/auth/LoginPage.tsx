import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { type Locale, pathTo } from '@rookery/contracts';
import { Alert, Button, theme } from 'antd';
// Input and Password alone: the input index also carries TextArea, Search and OTP.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { type FormEvent, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/request';
import { afterSignIn } from '../../navigation/route-index';
import { AuthCard } from './AuthCard';
import type { FieldErrors } from './login-flow';
import type { SecondFactorAsk } from './TwoFactorStep';

/** The second step (issue 46) loads only when the server asks for it: the first load stays small. */
const TwoFactorStep = lazy(() => import('./TwoFactorStep').then((m) => ({ default: m.TwoFactorStep })));
const RecoveryCodes = lazy(() => import('./TwoFactorStep').then((m) => ({ default: m.SignInRecoveryCodes })));

/**
 * The sign-in code, the login endpoint's schema (with zod) and the message catalogue load right
 * after the page shows.
 * The login page is the one with a first-load budget, which is also why this form is plain HTML
 * around AntD inputs rather than AntD's Form.
 */
const loadFlow = () => import('./login-flow');
/** Sign-in through the OpenID provider, when the server offers it (loaded the same way). */
const loadSso = () => import('./sso-flow');

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

  const [provider, setProvider] = useState<string | null>(null);
  const [secondFactor, setSecondFactor] = useState<SecondFactorAsk>();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [recoveryCodes, setRecoveryCodes] = useState<{ codes: string[]; to: string }>();
  const [redirecting, setRedirecting] = useState(false);

  useEffect(() => {
    void loadFlow();
    let live = true;
    void loadSso()
      .then((sso) => sso.ssoOffer())
      .then((offer) => live && setProvider(offer.enabled ? offer.provider : null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const signInWithProvider = async () => {
    setFailure(undefined);
    setRedirecting(true);
    try {
      await (await loadSso()).startSsoSignIn(params.get('redirect'));
    } catch (error) {
      setRedirecting(false);
      if (!isApiError(error)) throw error;
      setFailure(`${t('auth.ssoFailed')}: ${error.msg}`);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const flow = await loadFlow();
    const checked = flow.validateCredentials(values, locale);
    if (!checked.data) return setErrors(checked.errors);
    setErrors({});
    setSubmitting(true);
    try {
      const session = await flow.signIn(checked.data.username, checked.data.password, secondFactor && code.trim());
      const to = session.status === 'active' ? afterSignIn(params.get('redirect')) : pathTo('registerResult');
      if (session.recoveryCodes) return setRecoveryCodes({ codes: session.recoveryCodes, to });
      navigate(to, { replace: true });
    } catch (error) {
      if (!isApiError(error)) throw error;
      // The password was right and the server asks for the second factor (or its set-up).
      const asked = (error as { data?: { secondFactor?: string; secret?: string; otpauthUrl?: string } }).data;
      if (error.key === 'totp.required' || error.key === 'totp.enrolRequired') {
        setSecondFactor(
          asked?.secondFactor === 'enrol' && asked.secret && asked.otpauthUrl
            ? { kind: 'enrol', secret: asked.secret, otpauthUrl: asked.otpauthUrl }
            : secondFactor?.kind === 'enrol'
              ? secondFactor
              : { kind: 'code' },
        );
        setCodeError(secondFactor ? error.msg : undefined);
        return;
      }
      if (secondFactor && error.key?.startsWith('totp.')) {
        setCodeError(error.msg);
        return;
      }
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
      {provider && (
        <div style={{ marginBottom: 16 }}>
          <Button size="large" block onClick={signInWithProvider} loading={redirecting} data-testid="sso-sign-in">
            {t('auth.signInWith', { provider })}
          </Button>
          <div style={{ marginTop: 12, textAlign: 'center' }}>{t('auth.orPassword')}</div>
        </div>
      )}
      {recoveryCodes && (
        <Suspense>
          <RecoveryCodes codes={recoveryCodes.codes} onDone={() => navigate(recoveryCodes.to, { replace: true })} />
        </Suspense>
      )}
      <form onSubmit={submit} noValidate data-testid="login-form" hidden={Boolean(recoveryCodes)}>
        <Field error={errors.username}>
          <Input {...inputProps('username', 'username')} prefix={<UserOutlined />} />
        </Field>
        <Field error={errors.password}>
          <Password {...inputProps('password', 'current-password')} prefix={<LockOutlined />} />
        </Field>
        {secondFactor && (
          <Suspense>
            <TwoFactorStep ask={secondFactor} code={code} onCode={setCode} error={codeError} />
          </Suspense>
        )}
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
