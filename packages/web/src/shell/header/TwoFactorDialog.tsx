import { twoFactorEndpoints } from '@rookery/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Space, Typography } from 'antd';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateAfter, useEndpointQuery } from '../../api/endpoint-query';
import { api, isApiError } from '../../api/request';
import { AuthenticatorKey, OneTimeCodeInput, RecoveryCodes } from './authenticator-setup';

type Step =
  | { kind: 'status' }
  | { kind: 'setUp'; secret: string; otpauthUrl: string }
  | { kind: 'codes'; codes: string[] };

/**
 * "Two-step sign-in" from the account menu (issue 46, item 4): whether my second factor is on,
 * whether my role requires it and how many recovery codes are left; setting it up here (the QR
 * code and key shown once, a code from the authenticator turns it on, the recovery codes shown
 * once). Turning it off is an administrator's reset (staff users), audited there.
 */
export function TwoFactorDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useEndpointQuery(twoFactorEndpoints.getMyTwoFactor);
  const [step, setStep] = useState<Step>({ kind: 'status' });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await work();
    } catch (e) {
      setError(isApiError(e) ? e.msg : String(e));
    } finally {
      setBusy(false);
    }
  };
  const start = () =>
    run(async () => {
      const started = await api(twoFactorEndpoints.startMyTwoFactor, {}, { quiet: true });
      await invalidateAfter(queryClient, twoFactorEndpoints.startMyTwoFactor);
      setStep({ kind: 'setUp', ...started });
    });
  const confirm = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const done = await api(twoFactorEndpoints.confirmMyTwoFactor, { body: { code } }, { quiet: true });
      await invalidateAfter(queryClient, twoFactorEndpoints.confirmMyTwoFactor);
      setStep({ kind: 'codes', codes: done.recoveryCodes });
    });
  };

  const mine = status.data;
  return (
    <Modal open title={t('shell.twoFactor')} onCancel={onClose} footer={null} destroyOnHidden>
      <div data-testid="two-factor-dialog">
        {step.kind === 'status' && mine && (
          <Space orientation="vertical" style={{ width: '100%' }}>
            {mine.enabled ? (
              <Alert
                type="success"
                showIcon
                title={t('shell.twoFactorOn', { count: mine.recoveryCodesLeft })}
                data-testid="two-factor-state"
              />
            ) : (
              <Alert
                type={mine.required ? 'warning' : 'info'}
                showIcon
                title={t(mine.required ? 'shell.twoFactorOffRequired' : 'shell.twoFactorOff')}
                data-testid="two-factor-state"
              />
            )}
            {mine.enabled ? (
              <Typography.Text type="secondary">{t('shell.twoFactorResetHint')}</Typography.Text>
            ) : (
              <Button type="primary" loading={busy} onClick={() => void start()} data-testid="two-factor-start">
                {t('shell.twoFactorSetUp')}
              </Button>
            )}
            {error && <Alert type="error" showIcon title={error} />}
          </Space>
        )}
        {step.kind === 'setUp' && (
          <form onSubmit={confirm}>
            <AuthenticatorKey secret={step.secret} otpauthUrl={step.otpauthUrl} help={t('shell.twoFactorScanHelp')} />
            <OneTimeCodeInput
              id="two-factor-setup-code"
              label={t('shell.twoFactorCode')}
              value={code}
              onChange={setCode}
              error={error}
            />
            <Button
              type="primary"
              htmlType="submit"
              loading={busy}
              disabled={!code.trim()}
              style={{ marginTop: 12 }}
              data-testid="two-factor-confirm"
            >
              {t('shell.twoFactorTurnOn')}
            </Button>
          </form>
        )}
        {step.kind === 'codes' && (
          <RecoveryCodes codes={step.codes} onDone={onClose} doneText={t('shell.twoFactorDone')} />
        )}
      </div>
    </Modal>
  );
}
