import { pathTo, playerEndpoints } from '@rookery/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useEndpointMutation } from '../../api/endpoint-query';
import { ActionForm } from '../../crud/ActionForm';
import { IdListItem, ReasonItem, UntilItem } from '../../crud/form-items';
import './texts';

/** Freeze up to 25 accounts (one ID per line) with a reason and an optional end time. */
export default function FreezePage() {
  const { t } = useTranslation();
  const freeze = useEndpointMutation(playerEndpoints.freezePlayers);
  const navigate = useNavigate();
  const userIds = useSearchParams()[0].get('userIds') ?? '';
  return (
    <ActionForm
      title={t('routes.gameUserFroze')}
      schema={playerEndpoints.freezePlayers.body!}
      initialValues={{ userIds }}
      testId="freeze-form"
      danger
      submitLabel={t('players.freeze')}
      confirm={(data) => t('players.freezeConfirm', { count: data.userIds.length })}
      run={async (body) => {
        await freeze.mutateAsync({ body });
        navigate(pathTo('gameUserBanList'));
      }}
    >
      {(itemProps) => (
        <>
          <IdListItem itemProps={itemProps} name="userIds" label={t('players.userIds')} />
          <ReasonItem itemProps={itemProps} label={t('players.reason')} />
          <UntilItem itemProps={itemProps} label={t('players.until')} />
        </>
      )}
    </ActionForm>
  );
}
