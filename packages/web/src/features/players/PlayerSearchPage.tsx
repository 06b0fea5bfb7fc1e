import { type PlayerSummary, playerEndpoints } from '@rookery/contracts';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../api/request';
import type { Field } from '../../crud/fields';
import { ListPage } from '../../crud/ListPage';
import { detailPath, playerFields } from './player-fields';
import './texts';

const searchOnly = (name: string, title: string): Field<PlayerSummary> => ({
  name,
  title,
  search: 'text',
  column: false,
  detail: false,
});

const fields: Field<PlayerSummary>[] = [
  searchOnly('userIdSearch', 'players.userId'),
  searchOnly('socialIdSearch', 'players.socialId'),
  searchOnly('deviceIdSearch', 'players.deviceId'),
  searchOnly('anonymousIdSearch', 'players.anonymousId'),
  ...playerFields,
];

/** Find players by any of their IDs; open the detail or end the game session. */
export default function PlayerSearchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  return (
    <ListPage<PlayerSummary>
      queryKey="player-search"
      fields={fields}
      rowKey="userId"
      load={async ({ filters }) => {
        const query = {
          userId: filters.userIdSearch,
          socialId: filters.socialIdSearch,
          deviceId: filters.deviceIdSearch,
          anonymousId: filters.anonymousIdSearch,
        };
        // Nothing to look for yet: the search needs one of the IDs.
        if (!Object.values(query).some(Boolean)) return { rows: [], total: 0 };
        const rows = await api(playerEndpoints.searchPlayers, { query });
        return { rows, total: rows.length };
      }}
      rowActions={(row) => [
        { key: 'detail', label: t('players.openDetail'), run: () => navigate(detailPath(row.userId)) },
        ...(row.socialId || row.deviceId
          ? [
              {
                key: 'endSession',
                label: t('players.endSession'),
                danger: true,
                confirm: () => t('players.endSessionConfirm', { userId: row.userId }),
                run: async () => {
                  await api(playerEndpoints.endPlayerSession, {
                    body: row.socialId ? { socialId: row.socialId } : { deviceId: row.deviceId! },
                  });
                  message.success(t('players.sessionEnded'));
                },
              },
            ]
          : []),
      ]}
    />
  );
}
