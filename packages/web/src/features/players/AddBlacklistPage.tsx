import { pathTo, playerEndpoints } from '@rookery/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../api/request';
import { ActionForm } from './ActionForm';
import { IdListItem, ReasonItem } from './form-items';

/** Blacklist up to 25 players with a reason. */
export default function AddBlacklistPage() {
  const { t } = useTranslation();
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
        await api(playerEndpoints.addToBlacklist, { body });
        navigate(pathTo('usersBlacklist'));
      }}
    >
      {(itemProps) => (
        <>
          <IdListItem itemProps={itemProps} name="userIds" label={t('players.userIds')} />
          <ReasonItem itemProps={itemProps} />
        </>
      )}
    </ActionForm>
  );
}
