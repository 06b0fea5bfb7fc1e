import { Alert, Button, Space, Typography } from 'antd';
import Input from 'antd/es/input/Input';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * An authenticator's set-up, shown once (issue 46): the QR code of its `otpauth://` address
 * (drawn by `qrcode`, loaded only here) and the key to type by hand. The sign-in's set-up step
 * and the account menu's "Two-step sign-in" dialog both show it.
 */
export function AuthenticatorKey({
  secret,
  otpauthUrl,
  help,
}: {
  secret: string;
  otpauthUrl: string;
  help: ReactNode;
}) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<string>();
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((q) => q.toDataURL(otpauthUrl, { margin: 1, width: 176 }))
      .then((url) => live && setQr(url));
    return () => {
      live = false;
    };
  }, [otpauthUrl]);
  return (
    <Space orientation="vertical" style={{ width: '100%', marginBottom: 12 }}>
      <Typography.Text>{help}</Typography.Text>
      {qr && <img src={qr} width={176} height={176} alt={t('auth.totpQrAlt')} data-testid="totp-qr" />}
      <Typography.Text>
        {t('auth.totpManualKey')}{' '}
        <Typography.Text code copyable data-testid="totp-secret">
          {secret}
        </Typography.Text>
      </Typography.Text>
    </Space>
  );
}

/** The recovery codes of a set-up, shown once; `doneText` names what the button goes on to. */
export function RecoveryCodes({ codes, onDone, doneText }: { codes: string[]; onDone: () => void; doneText: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid="recovery-codes">
      <Alert type="warning" showIcon title={t('auth.recoveryCodesHelp')} style={{ marginBottom: 12 }} />
      <Typography.Paragraph copyable={{ text: codes.join('\n') }}>
        <ul style={{ columns: 2, fontFamily: 'monospace' }}>
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      </Typography.Paragraph>
      <Button type="primary" block size="large" onClick={onDone} data-testid="recovery-codes-done">
        {doneText}
      </Button>
    </div>
  );
}

/**
 * The six-digit (or recovery) code field under its label, with the refusal said under it and
 * tied to it: the sign-in's step and the account menu's set-up both ask for a code with it.
 */
export function OneTimeCodeInput({
  id,
  label,
  value,
  onChange,
  error,
  size,
  inputMode = 'numeric',
}: {
  id: string;
  label: string;
  value: string;
  onChange: (code: string) => void;
  error?: string;
  size?: 'large';
  /** `text` where a recovery code (letters) is accepted too. */
  inputMode?: 'numeric' | 'text';
}) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <Input
        id={id}
        size={size}
        autoFocus
        autoComplete="one-time-code"
        inputMode={inputMode}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        status={error ? 'error' : undefined}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid={id}
      />
      {error && (
        <div id={`${id}-error`} role="alert" style={{ marginTop: 4 }}>
          <Typography.Text type="danger">{error}</Typography.Text>
        </div>
      )}
    </>
  );
}
