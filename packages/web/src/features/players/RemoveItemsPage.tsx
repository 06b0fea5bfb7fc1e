import { gameLabel, pathTo, playerEndpoints, resourceKinds } from '@rookery/contracts';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useEndpointMutation } from '../../api/endpoint-query';
import { ActionForm } from '../../crud/ActionForm';
import { ReasonItem, UserIdItem } from '../../crud/form-items';
import { currentLocale } from '../../i18n';
import './texts';

/** Remove resource kinds from a player entirely (the removal list shows what was held). */
export default function RemoveItemsPage() {
  const { t } = useTranslation();
  const removeItems = useEndpointMutation(playerEndpoints.removeItems);
  const navigate = useNavigate();
  const userId = Number(useSearchParams()[0].get('userId')) || undefined;
  const locale = currentLocale();
  return (
    <ActionForm
      title={t('routes.gameUserRemoveEdit')}
      schema={playerEndpoints.removeItems.body!}
      initialValues={{ userId, kinds: [] }}
      testId="remove-items-form"
      danger
      submitLabel={t('players.removeItems')}
      confirm={(data) => t('players.removeItemsConfirm', { userId: data.userId })}
      run={async (body) => {
        await removeItems.mutateAsync({ body });
        navigate(pathTo('gameUserRemove'));
      }}
    >
      {(itemProps) => (
        <>
          <UserIdItem itemProps={itemProps} label={t('players.userId')} />
          <Form.Item {...itemProps('kinds')} label={t('players.kinds')}>
            <Select
              mode="multiple"
              showSearch={{ optionFilterProp: 'label' }}
              options={resourceKinds.map((kind) => ({ value: kind, label: gameLabel(kind, locale) }))}
            />
          </Form.Item>
          <ReasonItem itemProps={itemProps} label={t('players.reason')} />
        </>
      )}
    </ActionForm>
  );
}
