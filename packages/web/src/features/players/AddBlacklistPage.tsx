import { playerEndpoints } from '@rookery/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../api/request';
import { ActionForm } from './ActionForm';
import { idLines } from './id-lines';

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
        navigate('/users/blacklist');
      }}
    >
      {(itemProps) => (
        <>
          <Form.Item {...itemProps('userIds')} label={t('players.userIds')}>
            <Input.TextArea rows={6} placeholder={idLines} />
          </Form.Item>
          <Form.Item {...itemProps('reason')} label={t('players.reason')}>
            <Input maxLength={500} />
          </Form.Item>
        </>
      )}
    </ActionForm>
  );
}
