import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** A list's create button: it opens the page where a new item is written ("Create" unless it says more). */
export function CreateButton({ to, testId, children }: { to: string; testId: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button type="primary" onClick={() => navigate(to)} data-testid={testId}>
      {children ?? t('common.create')}
    </Button>
  );
}
