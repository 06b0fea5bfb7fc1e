import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import './texts';

/** What a Redis screen shows while no Redis is configured: that it is not, and how to configure it. */
export function RedisNotConfigured() {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      data-testid="redis-not-configured"
      title={t('redis.notConfigured')}
      description={t('redis.howToConfigure')}
    />
  );
}
