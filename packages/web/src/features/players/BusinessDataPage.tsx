import { playerEndpoints } from '@rookery/contracts';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/request';
import { ActionForm } from './ActionForm';
import { ReasonItem, UserIdItem } from './form-items';
import { detailPath } from './player-fields';

/** Erase a player's personal and analytics data; game data and accounting records stay. */
export default function BusinessDataPage() {
  const { t } = useTranslation();
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
        const player = await api(playerEndpoints.deleteBusinessData, { body });
        navigate(detailPath(player.userId));
      }}
    >
      {(itemProps) => (
        <>
          <Alert type="warning" showIcon title={t('players.businessDeleteNote')} style={{ marginBottom: 16 }} />
          <UserIdItem itemProps={itemProps} />
          <ReasonItem itemProps={itemProps} />
        </>
      )}
    </ActionForm>
  );
}
