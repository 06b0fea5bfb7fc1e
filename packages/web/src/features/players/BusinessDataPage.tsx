import { playerEndpoints } from '@rookery/contracts';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useEndpointMutation } from '../../api/endpoint-query';
import { ActionForm } from '../../crud/ActionForm';
import { ReasonItem, UserIdItem } from '../../crud/form-items';
import { detailPath } from './player-fields';
import './texts';

/** Erase a player's personal and analytics data; game data and accounting records stay. */
export default function BusinessDataPage() {
  const { t } = useTranslation();
  const deleteData = useEndpointMutation(playerEndpoints.deleteBusinessData);
  const navigate = useNavigate();
  const userId = Number(useSearchParams()[0].get('userId')) || undefined;
  return (
    <ActionForm
      title={t('routes.gameUserBusiness')}
      schema={playerEndpoints.deleteBusinessData.body!}
      initialValues={{ userId }}
      testId="business-form"
      danger
      submitLabel={t('players.businessDelete')}
      confirm={(data) => t('players.businessDeleteConfirm', { userId: data.userId })}
      run={async (body) => {
        const player = await deleteData.mutateAsync({ body });
        navigate(detailPath(player.userId));
      }}
    >
      {(itemProps) => (
        <>
          <Alert type="warning" showIcon title={t('players.businessDeleteNote')} style={{ marginBottom: 16 }} />
          <UserIdItem itemProps={itemProps} label={t('players.userId')} />
          <ReasonItem itemProps={itemProps} label={t('players.reason')} />
        </>
      )}
    </ActionForm>
  );
}
