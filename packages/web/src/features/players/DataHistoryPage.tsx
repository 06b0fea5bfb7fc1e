import { playerEndpoints } from '@rookery/contracts';
import { useSearchParams } from 'react-router';
import { api } from '../../api/request';
import { AuditDiff } from '../../crud/AuditDiff';
import type { Field } from '../../crud/fields';
import { ListPage } from '../../crud/ListPage';
import { userIdFilter } from './player-fields';
import './texts';

type HistoryEntry = Awaited<ReturnType<typeof loadHistory>>['list'][number];
const loadHistory = (query: { page: number; pageSize: number; userId: number }) =>
  api(playerEndpoints.getPlayerDataHistory, { query });

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
    render: (row) => (
      <AuditDiff
        changes={row.changes.map((c) => ({
          path: [c.label],
          kind:
            c.before === null || c.before === undefined
              ? 'added'
              : c.after === null || c.after === undefined
                ? 'removed'
                : 'changed',
          before: c.before,
          after: c.after,
        }))}
      />
    ),
  },
];

/** What each save or console action changed in a player's game data, newest first. */
export default function DataHistoryPage() {
  const userId = useSearchParams()[0].get('userId') ?? undefined;
  return (
    <ListPage<HistoryEntry>
      queryKey="player-data-history"
      fields={fields}
      rowKey="snapshotId"
      initialSearch={{ userId }}
      load={async ({ page, pageSize, filters }) => {
        const id = userIdFilter(filters.userId);
        if (!id) return { rows: [], total: 0 };
        const data = await loadHistory({ page, pageSize, userId: id });
        return { rows: data.list, total: data.pagination.total };
      }}
    />
  );
}
