import { pathTo, playerEndpoints } from '@rookery/contracts';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Field } from '../../crud/fields';
import { ListPage, type ListRow } from '../../crud/ListPage';
import { rewardsText } from '../shared/RewardsEditor';
import { detailPath } from './player-fields';
import './texts';

type Removal = ListRow<typeof playerEndpoints.listItemRemovals>;

/** What a deduction or removal took: `items` for deductions, `removed` amounts for removals. */
function takenText(data: unknown): string {
  const d = (data ?? {}) as { items?: { kind: string; amount: number }[]; removed?: Record<string, number> };
  if (d.items) return rewardsText(d.items);
  return rewardsText(Object.entries(d.removed ?? {}).map(([kind, amount]) => ({ kind, amount })));
}

const fields: Field<Removal>[] = [
  {
    name: 'userId',
    title: 'players.userId',
    search: 'text',
    render: (row) => <Link to={detailPath(row.userId)}>{row.userId}</Link>,
  },
  { name: 'type', title: 'players.type', render: (row, t) => t(`players.causes.${row.type}`) },
  { name: 'data', title: 'players.items', render: (row) => takenText(row.data) },
  {
    name: 'reason',
    title: 'players.reason',
    render: (row) => String((row.data as { reason?: string } | null)?.reason ?? '-'),
  },
  { name: 'actor', title: 'players.actor' },
  { name: 'at', title: 'players.at', kind: 'time' },
];

/** Past deductions and item removals; new ones from here. */
export default function RemovalListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ListPage
      endpoint={playerEndpoints.listItemRemovals}
      fields={fields}
      toolbar={
        <Space>
          <Button type="primary" onClick={() => navigate(pathTo('gameUserRemoveEdit'))}>
            {t('players.removeItems')}
          </Button>
          <Button onClick={() => navigate(pathTo('gameUserDeduct'))}>{t('players.deduct')}</Button>
        </Space>
      }
    />
  );
}
