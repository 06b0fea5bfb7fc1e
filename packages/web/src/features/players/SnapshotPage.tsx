import { labelledState, playerEndpoints } from '@rookery/contracts';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndpointFetch } from '../../api/endpoint-query';
import { useMutationAction } from '../../crud/actions';
import type { Field } from '../../crud/fields';
import { ListPage, type ListRow } from '../../crud/ListPage';
import { currentLocale } from '../../i18n';
import { StateTables } from './StateTables';
import './texts';

type Snapshot = ListRow<typeof playerEndpoints.listSnapshots>;

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
  const { modal } = App.useApp();
  const fetch = useEndpointFetch();
  const restore = useMutationAction(playerEndpoints.restoreSnapshot);
  const view = async (row: Snapshot) => {
    const snap = await fetch(playerEndpoints.getSnapshot, { params: { id: row.id } });
    modal.info({
      title: `#${snap.id} · ${t('players.saveCount')} ${snap.saveCount}`,
      width: 820,
      content: <StateTables player={{ stateView: labelledState(snap.state, currentLocale()) }} />,
    });
  };
  return (
    <ListPage
      endpoint={playerEndpoints.listSnapshots}
      fields={fields}
      detail={false}
      rowActions={(row) => [
        { key: 'view', label: t('players.view'), run: () => view(row) },
        restore({
          key: 'restore',
          label: t('players.restore'),
          danger: true,
          confirm: () => t('players.restoreConfirm', { id: row.id, saveCount: row.saveCount }),
          input: () => ({ params: { id: row.id }, body: {} }),
          done: t('players.restored'),
        }),
      ]}
    />
  );
}
