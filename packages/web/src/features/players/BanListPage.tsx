import { type PlayerSummary, playerEndpoints } from '@rookery/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../api/request';
import { ListPage } from '../../crud/ListPage';
import { pickFields } from './player-fields';
import './texts';

const fields = pickFields(['userId', 'socialId', 'status', 'frozenReason', 'frozenUntil', 'lastLoginAt']).map((f) =>
  f.name === 'userId' ? { ...f, search: 'text' as const } : f,
);

/** The ban list, also the unban screen: players frozen now, unfrozen one by one or in a batch. */
export default function BanListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unfreeze = (rows: PlayerSummary[]) =>
    api(playerEndpoints.unfreezePlayers, { body: { userIds: rows.map((r) => r.userId) } });
  return (
    <ListPage<PlayerSummary>
      queryKey="players-frozen"
      fields={fields}
      rowKey="userId"
      load={async ({ page, pageSize, filters }) => {
        const data = await api(playerEndpoints.listFrozenPlayers, {
          query: { page, pageSize, userId: filters.userId },
        });
        return { rows: data.list, total: data.pagination.total };
      }}
      toolbar={
        <Button type="primary" danger onClick={() => navigate('/game-user/froze')}>
          {t('players.freeze')}
        </Button>
      }
      rowActions={(row) => [
        {
          key: 'unfreeze',
          label: t('players.unfreeze'),
          confirm: () => t('players.unfreezeConfirm', { count: 1 }),
          run: () => unfreeze([row]),
        },
      ]}
      batchActions={[
        {
          key: 'unfreeze',
          label: t('players.unfreeze'),
          confirm: (rows) => t('players.unfreezeConfirm', { count: rows.length }),
          run: unfreeze,
        },
      ]}
    />
  );
}
