import { pathTo, playerEndpoints } from '@rookery/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ModerationList } from './ModerationList';

/** Blacklisted players (no free rewards, no leaderboards); take them off one by one or in a batch. */
export default function BlacklistPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ModerationList
      columns={['userId', 'socialId', 'blacklistReason', 'status', 'lastLoginAt']}
      endpoint={playerEndpoints.listBlacklist}
      action={{
        key: 'remove',
        label: t('players.blacklistRemove'),
        confirmKey: 'players.blacklistRemoveConfirm',
        endpoint: playerEndpoints.removeFromBlacklist,
      }}
      toolbar={
        <Button type="primary" onClick={() => navigate(pathTo('usersAddBlacklist'))} data-testid="blacklist-add">
          {t('players.blacklistAdd')}
        </Button>
      }
    />
  );
}
