import type { PlayerDetail } from '@rookery/contracts';
import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../crud/format';
import { SmallTable } from '../../crud/SmallTable';
import './texts';

type Labelled = PlayerDetail['stateView']['resources'][number];

/** A player's game data as two labelled tables (resources, state counters) from the catalogue. */
export function StateTables({ player }: { player: Pick<PlayerDetail, 'stateView'> }) {
  const { t } = useTranslation();
  const table = (title: string, rows: Labelled[], testId: string) => (
    <SmallTable<Labelled>
      rowKey="key"
      title={() => title}
      dataSource={rows}
      data-testid={testId}
      columns={[
        { key: 'label', dataIndex: 'label', title: title },
        {
          key: 'value',
          dataIndex: 'value',
          title: t('players.value'),
          align: 'right',
          render: (value: unknown) =>
            typeof value === 'number' ? formatNumber(value) : ((value as string | null) ?? '-'),
        },
      ]}
    />
  );
  return (
    <Row gutter={16}>
      <Col xs={24} lg={12}>
        {table(t('players.resources'), player.stateView.resources, 'state-resources')}
      </Col>
      <Col xs={24} lg={12}>
        {table(t('players.fields'), player.stateView.fields, 'state-fields')}
      </Col>
    </Row>
  );
}
