import { playerEndpoints } from '@rookery/contracts';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/request';
import { RewardsEditor } from '../shared/RewardsEditor';
import { ActionForm } from './ActionForm';
import { ReasonItem, UserIdItem } from './form-items';
import { detailPath } from './player-fields';

/** Take resources from a player; never below zero (a short item refuses the whole deduction). */
export default function DeductPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userId = Number(useSearchParams()[0].get('userId')) || undefined;
  return (
    <ActionForm
      title={t('routes.gameUserDeduct')}
      schema={playerEndpoints.deductResources.body!}
      initialValues={{ userId, items: [] }}
      testId="deduct-form"
      danger
      submitLabel={t('players.deduct')}
      confirm={(data) => t('players.deductConfirm', { userId: data.userId })}
      run={async (body) => {
        const player = await api(playerEndpoints.deductResources, { body });
        navigate(detailPath(player.userId));
      }}
    >
      {(itemProps) => (
        <>
          <UserIdItem itemProps={itemProps} />
          <Form.Item label={t('players.items')} required>
            <RewardsEditor name="items" />
          </Form.Item>
          <ReasonItem itemProps={itemProps} />
        </>
      )}
    </ActionForm>
  );
}
