import { playerEndpoints } from '@rookery/contracts';
import type { Field } from '../../crud/fields';
import { ListPage, type ListRow } from '../../crud/ListPage';
import './texts';

type PlayerEvent = ListRow<typeof playerEndpoints.listPlayerEvents>;

const fields: Field<PlayerEvent>[] = [
  { name: 'userIdSearch', title: 'players.userId', search: 'text', filter: 'userId', column: false, detail: false },
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
    <ListPage
      endpoint={playerEndpoints.listPlayerEvents}
      query={userId ? { userId } : undefined}
      urlPrefix={userId ? 'events' : undefined}
      fields={userId ? fields.filter((f) => f.name !== 'userIdSearch') : fields}
      rowKey="id"
    />
  );
}
