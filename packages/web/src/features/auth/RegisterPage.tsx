import { pathTo, staffEndpoints } from '@rookery/contracts';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { storeCredentials } from '../../access/credentials';
import { queryClient } from '../../api/query-client';
import { api } from '../../api/request';
import { fieldError } from '../../crud/schema-errors';
import { useSchemaForm } from '../../crud/useSchemaForm';
import { currentLocale } from '../../i18n';
import { notify } from '../../ui/notices';
import { AuthCard } from './AuthCard';
import { NewPasswordHint } from './PasswordStrength';
import { useCaptchaCountdown } from './useCountdown';

const registerBody = staffEndpoints.register.body!;

/** Registration (spec §5): the endpoint's own schema checks the fields before anything is sent. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const countdown = useCaptchaCountdown();

  const { form, formProps, submitting, itemProps } = useSchemaForm(registerBody, async (body) => {
    const result = await api(staffEndpoints.register, { body });
    // The token is a pending session: it can only see its registration's state.
    storeCredentials(result.token, result.uuid);
    queryClient.removeQueries();
    navigate(pathTo('registerResult'), { replace: true });
  });

  const [typedMail, password] = [Form.useWatch('mail', form), Form.useWatch('password', form)];

  const sendCaptcha = async () => {
    const mail = form.getFieldValue('mail');
    const problem = fieldError(registerBody, 'mail', mail, currentLocale());
    if (problem) return form.setFields([{ name: 'mail', errors: [problem] }]);
    try {
      const sent = await api(staffEndpoints.requestCaptcha, { body: { mail } });
      countdown.start(sent.retryAfter);
      notify('success', t('auth.captchaSent'));
    } catch {
      // The request layer already showed why.
    }
  };

  return (
    <AuthCard title={t('auth.registerTitle')}>
      <Form {...formProps} layout="vertical" data-testid="register-form">
        <Form.Item {...itemProps('mail')} label={t('auth.mail')}>
          <Input autoComplete="email" />
        </Form.Item>
        <Form.Item
          {...itemProps('password')}
          label={t('auth.password')}
          extra={<NewPasswordHint password={password} userInputs={[typedMail]} />}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item {...itemProps('mobile')} label={t('auth.mobile')}>
          <Input autoComplete="tel" />
        </Form.Item>
        <Form.Item label={t('auth.captcha')} required htmlFor="captcha">
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item {...itemProps('captcha')} noStyle>
              <Input inputMode="numeric" maxLength={6} />
            </Form.Item>
            <Button onClick={sendCaptcha} disabled={countdown.left > 0} data-testid="send-captcha">
              {countdown.left > 0 ? t('auth.resendIn', { seconds: countdown.left }) : t('auth.sendCaptcha')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('auth.registerSubmit')}
        </Button>
      </Form>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to={pathTo('login')}>{t('auth.toSignIn')}</Link>
      </div>
    </AuthCard>
  );
}
