import { playerEndpoints } from '@rookery/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useEndpointMutation } from '../../api/endpoint-query';
import { ActionForm } from '../../crud/ActionForm';
import { ReasonItem, UserIdItem } from '../../crud/form-items';
import { detailPath } from './player-fields';
import './texts';

/** Reset a player's game data to a new player's (a snapshot is kept first). */
export default function ClearPage() {
  const { t } = useTranslation();
  const clear = useEndpointMutation(playerEndpoints.clearPlayerData);
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
        const player = await clear.mutateAsync({ body });
        navigate(detailPath(player.userId));
      }}
    >
      {(itemProps) => (
        <>
          <UserIdItem itemProps={itemProps} label={t('players.userId')} />
          <ReasonItem itemProps={itemProps} label={t('players.reason')} />
        </>
      )}
    </ActionForm>
  );
}
