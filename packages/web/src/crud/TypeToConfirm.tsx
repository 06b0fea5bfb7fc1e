import { Input, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ignoreEnter } from './consequential';
import './consequence-texts';

export interface TypeToConfirmProps {
  /** The number or word shown to the operator, who types it (compared after trimming). */
  expected: string;
  /** Told on every keystroke whether what is typed matches `expected`. */
  onMatch: (matched: boolean) => void;
  /** The prompt; by default "This cannot be undone. Type {expected} to confirm:". */
  prompt?: string;
}

/**
 * For the irreversible (UX.md §1): the operator types the number or word shown before the confirm
 * button enables. Place it in a confirmation and enable its button from `onMatch`. Enter in it
 * sends nothing.
 */
export function TypeToConfirm({ expected, onMatch, prompt }: TypeToConfirmProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div style={{ marginTop: 12 }}>
      <Typography.Text>
        <label htmlFor={id}>{prompt ?? t('consequence.typeToConfirm', { expected })}</label>
      </Typography.Text>
      <Input
        id={id}
        autoComplete="off"
        placeholder={expected}
        aria-label={t('consequence.typed')}
        data-testid="type-to-confirm"
        onKeyDown={ignoreEnter}
        onChange={(e) => onMatch(e.target.value.trim() === expected)}
        style={{ marginTop: 4 }}
      />
    </div>
  );
}
