import { playerEndpoints } from '@rookery/contracts';
import { AuditDiff } from '../../crud/AuditDiff';
import type { Field } from '../../crud/fields';
import { ListPage, type ListRow } from '../../crud/ListPage';
import './texts';

type HistoryEntry = ListRow<typeof playerEndpoints.getPlayerDataHistory>;

const fields: Field<HistoryEntry>[] = [
  { name: 'userId', title: 'players.userId', search: 'text', column: false, detail: false },
  { name: 'at', title: 'players.at', kind: 'time' },
  {
    name: 'cause',
    title: 'players.cause',
    render: (row, t) => t(`players.causes.${row.cause}`, { defaultValue: row.cause }),
  },
  { name: 'actor', title: 'players.actor' },
  { name: 'saveCount', title: 'players.saveCount', render: (row) => `${row.saveCount} → ${row.nextSaveCount}` },
  {
    name: 'changes',
    title: 'players.changes',
    render: (row) =>
      row.changes.length
        ? row.changes.map((c) => `${c.label}: ${c.before ?? '-'} → ${c.after ?? '-'}`).join('; ')
        : '-',
    detail: false,
  },
  {
    name: 'changeRows',
    title: 'players.changes',
    column: false,
    render: (row) => <AuditDiff changes={row.changes} />,
  },
];

/** What each save or console action changed in a player's game data, newest first. */
export default function DataHistoryPage() {
  return <ListPage endpoint={playerEndpoints.getPlayerDataHistory} fields={fields} rowKey="snapshotId" />;
}
