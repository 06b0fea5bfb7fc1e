import { refundEndpoints } from '@rookery/contracts';
import { Alert, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../api/endpoint-query';
import { ListPage } from '../../crud/ListPage';
import { rewardsText } from '../shared/RewardsEditor';
import { refundPlayerFields } from './fields';
import { RefundList } from './RefundListPage';

/** Players with refunds (`/game-user/refund`): how many, the amounts, the last one, their debts. */
export default function RefundPlayerPage() {
  return (
    <ListPage
      endpoint={refundEndpoints.listRefundPlayers}
      fields={refundPlayerFields}
      rowKey="userId"
      testId="refund-players"
    />
  );
}

/** The player page's refunds tab: the debts first (what clawbacks could not take), then the refunds. */
export function PlayerRefundTab({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const debts = useEndpointQuery(refundEndpoints.playerDebts, { query: { userId } });
  const list = debts.data?.debts ?? [];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card size="small" title={t('refund.debtTitle')}>
        {list.length ? (
          <Alert
            type="warning"
            showIcon
            message={rewardsText(list.map((d) => ({ kind: d.kind, amount: d.amount })))}
            description={t('refund.debtHint')}
          />
        ) : (
          t('refund.noDebts')
        )}
      </Card>
      <RefundList userId={userId} />
    </Space>
  );
}
