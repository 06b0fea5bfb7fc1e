import { pathTo, staffEndpoints } from '@rookery/contracts';
import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useEndpointQuery } from '../../api/endpoint-query';
import { signOut } from '../../shell/session/sign-out';
import { PageSpinner } from '../../ui/PageSpinner';
import { AuthCard } from './AuthCard';

const statusView = {
  pending: { status: 'info', text: 'auth.resultPending' },
  active: { status: 'success', text: 'auth.resultActive' },
  rejected: { status: 'error', text: 'auth.resultRejected' },
  disabled: { status: 'warning', text: 'auth.resultRejected' },
} as const;

/** The state of my registration: pending, approved (sign in again) or rejected with a reason. */
export default function RegisterResultPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const registration = useEndpointQuery(staffEndpoints.getRegistrationStatus);

  const toLogin = async () => {
    await signOut(() => navigate(pathTo('login'), { replace: true }));
  };

  const data = registration.data;
  const view = data ? statusView[data.status] : undefined;
  return (
    <AuthCard title={t('auth.resultTitle')}>
      {!data || !view ? (
        <PageSpinner />
      ) : (
        <Result
          status={view.status}
          title={t(view.text)}
          subTitle={
            <Space orientation="vertical">
              <span data-testid="registration-mail">{data.email}</span>
              {data.rejectReason && <span>{t('auth.rejectReason', { reason: data.rejectReason })}</span>}
            </Space>
          }
          extra={
            <Space>
              {data.status === 'pending' && (
                <Button onClick={() => registration.refetch()} loading={registration.isFetching}>
                  {t('auth.refreshStatus')}
                </Button>
              )}
              <Button type="primary" onClick={toLogin}>
                {t('auth.signIn')}
              </Button>
            </Space>
          }
          data-testid={`registration-${data.status}`}
        />
      )}
    </AuthCard>
  );
}
