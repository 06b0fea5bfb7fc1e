import { type PlayerSummary, playerEndpoints } from '@rookery/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../api/request';
import { ListPage } from '../../crud/ListPage';
import { pickFields } from './player-fields';
import './texts';

const fields = pickFields(['userId', 'socialId', 'blacklistReason', 'status', 'lastLoginAt']).map((f) =>
  f.name === 'userId' ? { ...f, search: 'text' as const } : f,
);

/** Blacklisted players (no free rewards, no leaderboards); take them off one by one or in a batch. */
export default function BlacklistPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = (rows: PlayerSummary[]) =>
    api(playerEndpoints.removeFromBlacklist, { body: { userIds: rows.map((r) => r.userId) } });
  return (
    <ListPage<PlayerSummary>
      queryKey="blacklist"
      fields={fields}
      rowKey="userId"
      load={async ({ page, pageSize, filters }) => {
        const data = await api(playerEndpoints.listBlacklist, { query: { page, pageSize, userId: filters.userId } });
        return { rows: data.list, total: data.pagination.total };
      }}
      toolbar={
        <Button type="primary" onClick={() => navigate('/users/addblacklist')} data-testid="blacklist-add">
          {t('players.blacklistAdd')}
        </Button>
      }
      rowActions={(row) => [
        {
          key: 'remove',
          label: t('players.blacklistRemove'),
          confirm: () => t('players.blacklistRemoveConfirm', { count: 1 }),
          run: () => remove([row]),
        },
      ]}
      batchActions={[
        {
          key: 'remove',
          label: t('players.blacklistRemove'),
          confirm: (rows) => t('players.blacklistRemoveConfirm', { count: rows.length }),
          run: remove,
        },
      ]}
    />
  );
}
