import { orderEndpoints } from '@rookery/contracts';
import { Button, Card, Descriptions, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useEndpointQuery } from '../../api/endpoint-query';
import { formatNumber, formatTime } from '../../crud/format';
import { CurrencyTotals } from './fields';
import { PlayerOrderList } from './PlayerOrdersTab';

/** `/game-user/payment`: a player's purchase history, lifetime spend by currency, first and last purchase. */
export default function PaymentPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('userId') ?? '';
  const userId = /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
  const payments = useEndpointQuery(
    orderEndpoints.getPlayerPayments,
    { query: { userId: userId ?? 0, page: 1, pageSize: 1 } },
    { enabled: userId !== undefined },
  );
  const data = payments.data;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Form
        layout="inline"
        name="payments"
        initialValues={{ userId: raw }}
        onFinish={(v: { userId?: string }) => {
          const next = new URLSearchParams(params);
          if (v.userId?.trim()) next.set('userId', v.userId.trim());
          else next.delete('userId');
          setParams(next);
        }}
      >
        <Form.Item
          name="userId"
          label={t('orders.payments.userId')}
          rules={[{ pattern: /^\s*\d{1,15}\s*$/, message: t('v.userIdFormat') }]}
        >
          <Input data-testid="payments-user-id" inputMode="numeric" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" data-testid="payments-search">
            {t('orders.payments.search')}
          </Button>
        </Form.Item>
      </Form>
      {userId === undefined ? (
        <Typography.Text type="secondary">{t('orders.payments.prompt')}</Typography.Text>
      ) : (
        data && (
          <>
            <Card size="small" data-testid="payments-summary">
              <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
                <Descriptions.Item label={t('orders.payments.userId')}>{data.userId}</Descriptions.Item>
                <Descriptions.Item label={t('orders.payments.isPayer')}>
                  {data.isPayer ? t('common.yes') : t('common.no')}
                </Descriptions.Item>
                <Descriptions.Item label={t('orders.payments.orders')}>{formatNumber(data.orders)}</Descriptions.Item>
                <Descriptions.Item label={t('orders.payments.first')}>
                  {data.firstPurchaseAt ? formatTime(data.firstPurchaseAt) : t('orders.payments.none')}
                </Descriptions.Item>
                <Descriptions.Item label={t('orders.payments.last')}>
                  {data.lastPurchaseAt ? formatTime(data.lastPurchaseAt) : t('orders.payments.none')}
                </Descriptions.Item>
                <Descriptions.Item label={t('orders.payments.lifetime')}>
                  <CurrencyTotals totals={data.lifetime} testId="payments-lifetime" />
                </Descriptions.Item>
              </Descriptions>
            </Card>
            <Typography.Title level={5}>{t('orders.payments.history')}</Typography.Title>
            <PlayerOrderList userId={userId} urlPrefix="history" testId="payments-history" />
          </>
        )
      )}
    </Space>
  );
}
