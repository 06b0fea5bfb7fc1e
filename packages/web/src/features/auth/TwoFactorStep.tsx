import { useTranslation } from 'react-i18next';
import { AuthenticatorKey, OneTimeCodeInput, RecoveryCodes } from '../../shell/header/authenticator-setup';

/** What the server asked for after a right password: a code, or setting the authenticator up first. */
export type SecondFactorAsk = { kind: 'code' } | { kind: 'enrol'; secret: string; otpauthUrl: string };

/**
 * The second step of a password sign-in (issue 46): the authenticator's 6-digit code or a
 * recovery code; when the role requires a second factor not set up yet, the QR code and the key
 * to type by hand (`AuthenticatorKey`), shown this once.
 */
export function TwoFactorStep({
  ask,
  code,
  onCode,
  error,
}: {
  ask: SecondFactorAsk;
  code: string;
  onCode: (code: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <div style={{ marginBottom: 16 }} data-testid="two-factor-step">
      {ask.kind === 'enrol' && (
        <AuthenticatorKey secret={ask.secret} otpauthUrl={ask.otpauthUrl} help={t('auth.totpEnrolHelp')} />
      )}
      <OneTimeCodeInput
        id="two-factor-code"
        label={t('auth.totpCode')}
        size="large"
        inputMode="text"
        value={code}
        onChange={onCode}
        error={error}
      />
    </div>
  );
}

/** The recovery codes of a set-up made at this sign-in, shown once before the console opens. */
export function SignInRecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return <RecoveryCodes codes={codes} onDone={onDone} doneText={t('auth.recoveryCodesSaved')} />;
}
