import { playerEndpoints } from '@rookery/contracts';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useEndpointMutation } from '../../api/endpoint-query';
import { ActionForm } from '../../crud/ActionForm';
import { ReasonItem, UserIdItem } from '../../crud/form-items';
import { RewardsEditor } from '../shared/RewardsEditor';
import { detailPath } from './player-fields';
import './texts';

/** Take resources from a player; never below zero (a short item refuses the whole deduction). */
export default function DeductPage() {
  const { t } = useTranslation();
  const deduct = useEndpointMutation(playerEndpoints.deductResources);
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
        const player = await deduct.mutateAsync({ body });
        navigate(detailPath(player.userId));
      }}
    >
      {(itemProps) => (
        <>
          <UserIdItem itemProps={itemProps} label={t('players.userId')} />
          <Form.Item label={t('players.items')} required>
            <RewardsEditor name="items" />
          </Form.Item>
          <ReasonItem itemProps={itemProps} label={t('players.reason')} />
        </>
      )}
    </ActionForm>
  );
}
