import { type PlayerSummary, playerEndpoints } from '@rookery/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMutationAction } from '../../crud/actions';
import type { Field } from '../../crud/fields';
import { ListPage } from '../../crud/ListPage';
import { detailPath, playerFields } from './player-fields';
import './texts';

/** Search-only fields before the columns: the form asks for IDs under the endpoint's query names. */
const searchOnly = (filter: string, title: string): Field<PlayerSummary> => ({
  name: `${filter}Search`,
  filter,
  title,
  search: 'text',
  column: false,
  detail: false,
});

const fields: Field<PlayerSummary>[] = [
  searchOnly('userId', 'players.userId'),
  searchOnly('socialId', 'players.socialId'),
  searchOnly('deviceId', 'players.deviceId'),
  searchOnly('anonymousId', 'players.anonymousId'),
  ...playerFields,
];

/** Find players by any of their IDs; open the detail or end the game session. */
export default function PlayerSearchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const endSession = useMutationAction(playerEndpoints.endPlayerSession);
  return (
    // Nothing to look for until one of the IDs is given: the endpoint's schema says so.
    <ListPage
      endpoint={playerEndpoints.searchPlayers}
      fields={fields}
      rowKey="userId"
      // One way to a player's details: their page (the user ID links there too), no drawer beside it.
      detail={false}
      rowActions={(row) => [
        { key: 'detail', label: t('players.openDetail'), run: () => navigate(detailPath(row.userId)) },
        ...(row.socialId || row.deviceId
          ? [
              endSession({
                key: 'endSession',
                label: t('players.endSession'),
                danger: true,
                confirm: () => t('players.endSessionConfirm', { userId: row.userId }),
                input: () => ({
                  body: row.socialId ? { socialId: row.socialId } : { deviceId: row.deviceId! },
                }),
                done: t('players.sessionEnded'),
              }),
            ]
          : []),
      ]}
    />
  );
}
