import { homePath } from '@rookery/contracts';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** The 403 / 404 / 500 pages: the spec §8 text and a back-to-home button. */
export function ErrorPage({ status }: { status: 403 | 404 | 500 }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const text = { 403: t('errors.forbidden'), 404: t('errors.notFound'), 500: t('errors.serverError') }[status];
  return (
    <Result
      status={status}
      title={status}
      subTitle={text}
      extra={
        <Button type="primary" onClick={() => navigate(homePath)}>
          {t('errors.backHome')}
        </Button>
      }
    />
  );
}
