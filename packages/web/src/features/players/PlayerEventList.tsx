import { playerEndpoints } from '@rookery/contracts';
import { api } from '../../api/request';
import type { Field } from '../../crud/fields';
import { ListPage } from '../../crud/ListPage';
import { userIdFilter } from './player-fields';
import './texts';

type PlayerEvent = Awaited<ReturnType<typeof loadEvents>>['list'][number];
const loadEvents = (query: {
  userId: number;
  page: number;
  pageSize: number;
  type?: string;
  start?: string;
  end?: string;
}) => api(playerEndpoints.listPlayerEvents, { query });

const fields: Field<PlayerEvent>[] = [
  { name: 'userIdSearch', title: 'players.userId', search: 'text', column: false, detail: false },
  { name: 'id', title: 'ID', width: 90 },
  { name: 'userId', title: 'players.userId', column: false },
  {
    name: 'type',
    title: 'players.type',
    search: 'text',
    render: (row, t) => t(`players.causes.${row.type}`, { defaultValue: row.type }) as string,
  },
  { name: 'actor', title: 'players.actor' },
  { name: 'data', title: 'players.data', kind: 'json' },
  { name: 'at', title: 'players.at', kind: 'time', search: 'timeRange' },
];

/**
 * A player's event log: game events (login, save, claims…) and console actions with who did them.
 * With `userId` the player is fixed (detail tab); without, the search asks for one.
 */
export function PlayerEventList({ userId }: { userId?: number }) {
  return (
    <ListPage<PlayerEvent>
      queryKey={`player-events-${userId ?? 'any'}`}
      fields={userId ? fields.filter((f) => f.name !== 'userIdSearch') : fields}
      rowKey="id"
      initialSearch={userId ? {} : undefined}
      load={async ({ page, pageSize, filters }) => {
        const id = userId ?? userIdFilter(filters.userIdSearch);
        if (!id) return { rows: [], total: 0 };
        const data = await loadEvents({
          userId: id,
          page,
          pageSize,
          type: filters.type,
          start: filters.start,
          end: filters.end,
        });
        return { rows: data.list, total: data.pagination.total };
      }}
    />
  );
}
