import { auditActions, type Label, labelsIn, playerEndpoints, playerGameEventLabels } from '@rookery/contracts';
import type { Field } from '../../crud/fields';
import { ListPage, type ListRow } from '../../crud/ListPage';
import { addTexts } from '../shared/texts';
import { PlayerEventData, PlayerEventSentence } from './PlayerEventView';
import './texts';

type PlayerEvent = ListRow<typeof playerEndpoints.listPlayerEvents>;

/** The kinds of event a player's log holds: the game's own, and the console's actions on a player. */
const eventTypeLabels: Record<string, Label> = {
  ...playerGameEventLabels,
  ...Object.fromEntries(
    Object.entries(auditActions)
      .filter(([, a]) => (a as { target?: string }).target === 'player')
      .map(([name, a]) => [name, (a as { label: Label }).label]),
  ),
};
addTexts(
  { playerEventTypes: labelsIn(eventTypeLabels, 'zh-CN') },
  { playerEventTypes: labelsIn(eventTypeLabels, 'en-US') },
);

const fields: Field<PlayerEvent>[] = [
  { name: 'userIdSearch', title: 'players.userId', search: 'text', filter: 'userId', column: false, detail: false },
  { name: 'at', title: 'players.at', kind: 'time', search: 'timeRange' },
  { name: 'userId', title: 'players.userId', column: false },
  {
    name: 'type',
    title: 'players.eventType',
    search: 'select',
    options: Object.keys(eventTypeLabels).map((value) => ({ value, label: `playerEventTypes.${value}` })),
    render: (row) => <PlayerEventSentence event={row} />,
  },
  { name: 'actor', title: 'players.actor', column: false },
  { name: 'data', title: 'players.data', render: (row, t) => <PlayerEventData data={row.data} t={t} /> },
  { name: 'id', title: 'players.eventId', width: 90, column: false },
];

/**
 * A player's event log, newest first: game events (login, save, claims…) and console actions with
 * who did them, each as a sentence, its details as rows. With `userId` the player is fixed (detail
 * tab); without, the search asks for one.
 */
export function PlayerEventList({ userId }: { userId?: number }) {
  return (
    <ListPage
      endpoint={playerEndpoints.listPlayerEvents}
      query={userId ? { userId } : undefined}
      urlPrefix={userId ? 'events' : undefined}
      fields={userId ? fields.filter((f) => f.name !== 'userIdSearch') : fields}
    />
  );
}
