import { Flex, Progress, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadStrengthEstimator, type StrengthScore } from './password-strength';

const colours = ['#ff4d4f', '#ff7a45', '#faad14', '#52c41a', '#389e0d'];

/**
 * How hard the new password is to guess, as the user types (zxcvbn-ts, in the browser). It only
 * advises: the server decides (length, common passwords, the user's own name).
 */
export function PasswordStrength({ password, userInputs = [] }: { password?: string; userInputs?: string[] }) {
  const { t } = useTranslation();
  const [score, setScore] = useState<StrengthScore | null>(null);
  const inputs = userInputs.filter(Boolean).join('\n');

  useEffect(() => {
    if (!password) return setScore(null);
    let current = true;
    void loadStrengthEstimator().then((zxcvbn) => {
      if (current) setScore(zxcvbn.check(password, inputs ? inputs.split('\n') : []).score as StrengthScore);
    });
    return () => {
      current = false;
    };
  }, [password, inputs]);

  if (score === null) return null;
  return (
    <Flex align="center" gap={8} data-testid="password-strength" data-score={score}>
      <Progress
        percent={(score + 1) * 20}
        steps={5}
        size="small"
        showInfo={false}
        strokeColor={colours[score]}
        aria-label={t('auth.strengthLabel')}
      />
      <Typography.Text type="secondary">{t(`auth.strength${score}`)}</Typography.Text>
    </Flex>
  );
}

/** Under a new password's field: what the server asks of a password, then how strong this one is. */
export function NewPasswordHint(props: { password?: string; userInputs?: string[] }) {
  const { t } = useTranslation();
  return (
    <>
      {t('auth.passwordHint')}
      <PasswordStrength {...props} />
    </>
  );
}
