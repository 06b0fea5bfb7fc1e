import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Save and back, under a page form. */
export function FormActions({ submitting, backTo }: { submitting: boolean; backTo: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Space>
      <Button type="primary" htmlType="submit" loading={submitting}>
        {t('common.save')}
      </Button>
      <Button onClick={() => navigate(backTo)}>{t('common.back')}</Button>
    </Space>
  );
}
