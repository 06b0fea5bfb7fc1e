import { gameLabel, pathTo, playerEndpoints, resourceKinds } from '@rookery/contracts';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/request';
import { currentLocale } from '../../i18n';
import { ActionForm } from './ActionForm';
import { ReasonItem, UserIdItem } from './form-items';

/** Remove resource kinds from a player entirely (the removal list shows what was held). */
export default function RemoveItemsPage() {
  const { t } = useTranslation();
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
        await api(playerEndpoints.removeItems, { body });
        navigate(pathTo('gameUserRemove'));
      }}
    >
      {(itemProps) => (
        <>
          <UserIdItem itemProps={itemProps} />
          <Form.Item {...itemProps('kinds')} label={t('players.kinds')}>
            <Select
              mode="multiple"
              showSearch={{ optionFilterProp: 'label' }}
              options={resourceKinds.map((kind) => ({ value: kind, label: gameLabel(kind, locale) }))}
            />
          </Form.Item>
          <ReasonItem itemProps={itemProps} />
        </>
      )}
    </ActionForm>
  );
}
