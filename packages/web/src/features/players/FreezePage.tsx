import { playerEndpoints } from '@rookery/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/request';
import { IsoDateTimeInput } from '../shared/IsoDateTimeInput';
import { ActionForm } from './ActionForm';
import { idLines } from './id-lines';

/** Freeze up to 25 accounts (one ID per line) with a reason and an optional end time. */
export default function FreezePage() {
  const { t } = useTranslation();
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
        await api(playerEndpoints.freezePlayers, { body });
        navigate('/game-user/froze/list');
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
          <Form.Item {...itemProps('until')} label={t('players.until')}>
            <IsoDateTimeInput />
          </Form.Item>
        </>
      )}
    </ActionForm>
  );
}
