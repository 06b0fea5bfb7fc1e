import { pathTo, playerEndpoints } from '@rookery/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useEndpointMutation } from '../../api/endpoint-query';
import { ActionForm } from '../../crud/ActionForm';
import { IdListItem, ReasonItem } from '../../crud/form-items';
import './texts';

/** Blacklist up to 25 players with a reason. */
export default function AddBlacklistPage() {
  const { t } = useTranslation();
  const addToBlacklist = useEndpointMutation(playerEndpoints.addToBlacklist);
  const navigate = useNavigate();
  return (
    <ActionForm
      title={t('routes.usersAddBlacklist')}
      schema={playerEndpoints.addToBlacklist.body!}
      testId="blacklist-form"
      danger
      submitLabel={t('players.blacklistAdd')}
      confirm={(data) => t('players.blacklistAddConfirm', { count: data.userIds.length })}
      run={async (body) => {
        await addToBlacklist.mutateAsync({ body });
        navigate(pathTo('usersBlacklist'));
      }}
    >
      {(itemProps) => (
        <>
          <IdListItem itemProps={itemProps} name="userIds" label={t('players.userIds')} />
          <ReasonItem itemProps={itemProps} label={t('players.reason')} />
        </>
      )}
    </ActionForm>
  );
}
