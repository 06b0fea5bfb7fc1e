import { labelledState, playerEndpoints } from '@rookery/contracts';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../api/request';
import type { Field } from '../../crud/fields';
import { ListPage } from '../../crud/ListPage';
import { currentLocale } from '../../i18n';
import { userIdFilter } from './player-fields';
import { StateTables } from './StateTables';
import './texts';

type Snapshot = Awaited<ReturnType<typeof loadSnapshots>>['list'][number];
const loadSnapshots = (query: { page: number; pageSize: number; userId: number }) =>
  api(playerEndpoints.listSnapshots, { query });

const fields: Field<Snapshot>[] = [
  { name: 'userId', title: 'players.userId', search: 'text' },
  { name: 'id', title: 'ID', width: 90 },
  { name: 'saveCount', title: 'players.saveCount' },
  {
    name: 'cause',
    title: 'players.cause',
    render: (row, t) => t(`players.causes.${row.cause}`, { defaultValue: row.cause }),
  },
  { name: 'actor', title: 'players.actor' },
  { name: 'createdAt', title: 'players.createdAt', kind: 'time' },
];

/** A player's snapshots (the state before each save and console action): view one, restore one. */
export default function SnapshotPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const userId = useSearchParams()[0].get('userId') ?? undefined;
  const view = async (row: Snapshot) => {
    const snap = await api(playerEndpoints.getSnapshot, { params: { id: row.id } });
    modal.info({
      title: `#${snap.id} · ${t('players.saveCount')} ${snap.saveCount}`,
      width: 820,
      content: <StateTables player={{ stateView: labelledState(snap.state, currentLocale()) }} />,
    });
  };
  return (
    <ListPage<Snapshot>
      queryKey="player-snapshots"
      fields={fields}
      rowKey="id"
      detail={false}
      initialSearch={{ userId }}
      load={async ({ page, pageSize, filters }) => {
        const id = userIdFilter(filters.userId);
        if (!id) return { rows: [], total: 0 };
        const data = await loadSnapshots({ page, pageSize, userId: id });
        return { rows: data.list, total: data.pagination.total };
      }}
      rowActions={(row) => [
        { key: 'view', label: t('players.view'), run: () => view(row) },
        {
          key: 'restore',
          label: t('players.restore'),
          danger: true,
          confirm: () => t('players.restoreConfirm', { id: row.id, saveCount: row.saveCount }),
          run: async () => {
            await api(playerEndpoints.restoreSnapshot, { params: { id: row.id }, body: {} });
            message.success(t('players.restored'));
          },
        },
      ]}
    />
  );
}
