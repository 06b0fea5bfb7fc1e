import { type CurrencyOverview, storePlatformLabels, storeSettingEndpoints } from '@rookery/contracts';
import { Alert, Card, Empty, Space, type TableProps, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../api/endpoint-query';
import { SmallTable } from '../../crud/SmallTable';
import { currentLocale } from '../../i18n';
import './texts';

type GameRow = CurrencyOverview['game'][number];
type MoneyRow = CurrencyOverview['money'][number];

/** One of the page's tables in its card: a hint beside the title, and what it says when it is empty. */
function TableCard<T extends object>({
  title,
  hint,
  empty,
  ...table
}: { title: string; hint: string; empty: string; 'data-testid': string } & Pick<
  TableProps<T>,
  'rowKey' | 'loading' | 'dataSource' | 'columns'
>) {
  return (
    <Card size="small" title={title} extra={hint}>
      <div style={{ overflowX: 'auto' }}>
        <SmallTable<T>
          {...table}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
        />
      </div>
    </Card>
  );
}

/**
 * `/purchase/product/currency` (`currencyConfigQuery`): what the catalogue is priced in. In-game
 * currencies come from the game catalogue, real-money currencies from the price levels: both are
 * edited where they live, so the page reads (docs/decisions/2026-11-25-the-rest-of-the-store-activities-settings-purchase.md).
 */
export default function CurrencyPage() {
  const { t } = useTranslation();
  const overview = useEndpointQuery(storeSettingEndpoints.currencyOverview, {});
  const locale = currentLocale();
  const n = (x: number) => x.toLocaleString(locale);
  const money = (currency: string, amount: number) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
  if (overview.isError)
    return <Alert type="error" showIcon title={String((overview.error as { message?: string })?.message ?? '')} />;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <TableCard<GameRow>
        title={t('store.currency.game')}
        hint={t('store.currency.gameHint')}
        empty={t('store.currency.noGame')}
        rowKey="kind"
        loading={overview.isPending}
        dataSource={overview.data?.game ?? []}
        data-testid="currency-game"
        columns={[
          { title: t('store.currency.kind'), render: (_, r) => r.label[locale] },
          { title: t('store.currency.products'), align: 'right', render: (_, r) => n(r.products) },
          { title: t('store.currency.granted'), align: 'right', render: (_, r) => n(r.granted) },
        ]}
      />
      <TableCard<MoneyRow>
        title={t('store.currency.money')}
        hint={t('store.currency.moneyHint')}
        empty={t('store.currency.noMoney')}
        rowKey="currency"
        loading={overview.isPending}
        dataSource={overview.data?.money ?? []}
        data-testid="currency-money"
        columns={[
          {
            title: t('store.currency.code'),
            render: (_, r) => (
              <Space size={4}>
                {r.currency}
                {r.default && <Tag color="blue">{t('store.currency.isDefault')}</Tag>}
              </Space>
            ),
          },
          { title: t('store.currency.priceLevels'), align: 'right', render: (_, r) => n(r.priceLevels) },
          { title: t('store.currency.tiers'), align: 'right', render: (_, r) => n(r.tiers) },
          {
            title: t('store.currency.platforms'),
            render: (_, r) => r.platforms.map((p) => storePlatformLabels[p][locale]).join(', '),
          },
          {
            title: t('store.currency.range'),
            render: (_, r) => `${money(r.currency, r.min)} – ${money(r.currency, r.max)}`,
          },
        ]}
      />
    </Space>
  );
}
