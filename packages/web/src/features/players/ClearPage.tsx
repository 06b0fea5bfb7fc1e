import { playerEndpoints } from '@rookery/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/request';
import { ActionForm } from './ActionForm';
import { ReasonItem, UserIdItem } from './form-items';
import { detailPath } from './player-fields';

/** Reset a player's game data to a new player's (a snapshot is kept first). */
export default function ClearPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userId = Number(useSearchParams()[0].get('userId')) || undefined;
  return (
    <ActionForm
      title={t('routes.gameUserClear')}
      schema={playerEndpoints.clearPlayerData.body!}
      initialValues={{ userId }}
      testId="clear-form"
      danger
      submitLabel={t('players.clear')}
      confirm={(data) => t('players.clearConfirm', { userId: data.userId })}
      run={async (body) => {
        const player = await api(playerEndpoints.clearPlayerData, { body });
        navigate(detailPath(player.userId));
      }}
    >
      {(itemProps) => (
        <>
          <UserIdItem itemProps={itemProps} />
          <ReasonItem itemProps={itemProps} />
        </>
      )}
    </ActionForm>
  );
}
