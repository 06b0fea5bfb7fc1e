import { audienceEndpoints, type StoredConditionRule } from '@rookery/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../api/endpoint-query';
import { useHoldConfirm } from '../../crud/TypeToConfirm';
import { currentLocale } from '../../i18n';
import './texts';

/**
 * "Its conditions select N players now (of M)", or "Every player: N" without conditions: counted
 * by the server's condition engine (an estimate above its exact size says "about"). In a
 * confirmation, the confirm button waits for the count.
 */
export function ConditionsAudience({ conditions, testId }: { conditions: StoredConditionRule[]; testId: string }) {
  const { t } = useTranslation();
  const counted = useEndpointQuery(audienceEndpoints.countAudience, { body: { conditions } }, { retry: false });
  useHoldConfirm(counted.isPending);
  if (counted.isPending) return <Typography.Text type="secondary">{t('conditions.audience.counting')}</Typography.Text>;
  if (counted.isError || !counted.data)
    return <Typography.Text type="warning">{t('conditions.audience.failed')}</Typography.Text>;
  const text = counted.data.count.toLocaleString(currentLocale());
  const n = counted.data.estimate ? t('conditions.audience.about', { n: text }) : text;
  return (
    <Typography.Text strong data-testid={testId}>
      {conditions.length
        ? t('conditions.audience.selected', {
            n,
            count: counted.data.count,
            total: counted.data.total.toLocaleString(currentLocale()),
          })
        : t('conditions.audience.everyone', { n, count: counted.data.count })}
    </Typography.Text>
  );
}
