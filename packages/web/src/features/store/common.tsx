import { audienceEndpoints, type StoredConditionRule } from '@rookery/contracts';
import { Input, Space, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../api/endpoint-query';
import type { ResourceConfirmation } from '../../crud/resource/screen';
import { useHoldConfirm } from '../../crud/TypeToConfirm';
import { currentLocale } from '../../i18n';
import './texts';

/** What the store's screens share: reward and condition cells, the currency box, the publish confirmation. */

export { rewardsText } from '../shared/RewardsEditor';
export const conditionsText = (conditions: unknown[], t: TFunction) =>
  conditions.length ? t('store.conditionsCount', { count: conditions.length }) : t('store.noConditions');

/** A currency code box (ISO 4217, upper-cased as typed). */
export function CurrencyInput(props: { value?: string; onChange?: (v: string) => void; id?: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Input
      id={props.id}
      value={props.value}
      onChange={(e) => props.onChange?.(e.target.value.toUpperCase())}
      aria-label={t('store.price.currency')}
      placeholder="USD"
      maxLength={3}
      style={{ width: 100 }}
      data-testid={props.testId}
    />
  );
}

/** "Its conditions select N players now": counted by the server; the confirm waits for the count. */
function StoreAudience({ conditions }: { conditions: StoredConditionRule[] }) {
  const { t } = useTranslation();
  const counted = useEndpointQuery(audienceEndpoints.countAudience, { body: { conditions } }, { retry: false });
  useHoldConfirm(counted.isPending);
  if (counted.isPending) return <Typography.Text type="secondary">{t('store.publish.counting')}</Typography.Text>;
  if (counted.isError || !counted.data)
    return <Typography.Text type="warning">{t('store.publish.countFailed')}</Typography.Text>;
  const text = counted.data.count.toLocaleString(currentLocale());
  const n = counted.data.estimate ? t('store.publish.about', { n: text }) : text;
  return (
    <Typography.Text strong data-testid="store-publish-audience">
      {conditions.length
        ? t('store.publish.selected', { n, total: counted.data.total.toLocaleString(currentLocale()) })
        : t('store.publish.everyone', { n })}
    </Typography.Text>
  );
}

/**
 * The confirmation of a save that changes what players see in the store: it is live at once
 * (inside its window), and how many players its conditions select now.
 */
export function storeConfirm(key: string, conditions: StoredConditionRule[], t: TFunction): ResourceConfirmation {
  return {
    title: t('store.publish.title', { key }),
    okText: t('store.publish.ok'),
    statement: (
      <Space orientation="vertical" size={4} data-testid="store-publish-statement">
        <Typography.Text>{t('store.publish.statement')}</Typography.Text>
        <StoreAudience conditions={conditions} />
        <Typography.Text type="secondary">{t('store.publish.gates')}</Typography.Text>
      </Space>
    ),
  };
}
