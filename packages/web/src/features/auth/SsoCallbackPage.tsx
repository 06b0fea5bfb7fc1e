import { pathTo } from '@rookery/contracts';
import { Button, Result } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/request';
import { afterSignIn } from '../../navigation/route-index';
import { PageSpinner } from '../../ui/PageSpinner';
import { AuthCard } from './AuthCard';

/**
 * `/callback/login`: where the OpenID provider sends the browser back. The answer is handed to the
 * server once (a state answers only once); then the original page, the registration status for an
 * account waiting for approval, or a clear message with the way back to the sign-in page.
 */
export default function SsoCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string>();
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const query = window.location.search;
    void import('./sso-flow')
      .then((flow) => flow.completeSsoSignIn(query))
      .then(({ session, redirect }) =>
        navigate(session.status === 'active' ? afterSignIn(redirect) : pathTo('registerResult'), { replace: true }),
      )
      .catch((error: unknown) => setFailure(isApiError(error) ? error.msg : t('auth.ssoFailed')));
  }, [navigate, t]);

  return (
    <AuthCard title={t('auth.signInTitle')}>
      {failure ? (
        <Result
          status="warning"
          title={t('auth.ssoFailed')}
          subTitle={<span data-testid="sso-error">{failure}</span>}
          extra={
            <Button type="primary" onClick={() => navigate(pathTo('login'), { replace: true })}>
              {t('auth.backToLogin')}
            </Button>
          }
        />
      ) : (
        <div role="status" aria-live="polite">
          <PageSpinner />
          <p style={{ textAlign: 'center' }}>{t('auth.ssoCompleting')}</p>
        </div>
      )}
    </AuthCard>
  );
}
