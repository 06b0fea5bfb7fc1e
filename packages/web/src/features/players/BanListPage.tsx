import { pathTo, playerEndpoints } from '@rookery/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ModerationList } from './ModerationList';

/** The ban list, also the unban screen: players frozen now, unfrozen one by one or in a batch. */
export default function BanListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ModerationList
      columns={['userId', 'socialId', 'status', 'frozenReason', 'frozenUntil', 'lastLoginAt']}
      endpoint={playerEndpoints.listFrozenPlayers}
      action={{
        key: 'unfreeze',
        label: t('players.unfreeze'),
        confirmKey: 'players.unfreezeConfirm',
        endpoint: playerEndpoints.unfreezePlayers,
      }}
      toolbar={
        <Button type="primary" danger onClick={() => navigate(pathTo('gameUserFroze'))}>
          {t('players.freeze')}
        </Button>
      }
    />
  );
}
