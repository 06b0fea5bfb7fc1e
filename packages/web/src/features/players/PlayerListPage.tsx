import { operatingSystems, playerEndpoints } from '@rookery/contracts';
import { ListPage } from '../../crud/ListPage';
import { playerFields, playerStatusOptions } from './player-fields';
import './texts';

const fields = playerFields.map((f) =>
  f.name === 'status'
    ? { ...f, search: 'select' as const, options: playerStatusOptions }
    : f.name === 'os'
      ? {
          ...f,
          search: 'select' as const,
          options: operatingSystems.map((os) => ({ value: os, label: `players.osNames.${os}` })),
        }
      : f.name === 'country'
        ? { ...f, search: 'text' as const }
        : f,
);

/** Every game user, filtered by status, OS and country and sorted on the server (by the columns it sorts by). */
export default function PlayerListPage() {
  return <ListPage endpoint={playerEndpoints.listPlayers} fields={fields} rowKey="userId" />;
}
