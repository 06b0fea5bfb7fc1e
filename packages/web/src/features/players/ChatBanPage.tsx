import { type PlayerSummary, playerEndpoints } from '@rookery/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../api/request';
import { ListPage } from '../../crud/ListPage';
import { IsoDateTimeInput } from '../shared/IsoDateTimeInput';
import { ActionForm } from './ActionForm';
import { idLines } from './id-lines';
import { pickFields } from './player-fields';

const fields = pickFields(['userId', 'chatBannedUntil', 'chatBanReason', 'status', 'lastLoginAt']).map((f) =>
  f.name === 'userId' ? { ...f, search: 'text' as const } : f,
);

/** Ban players from chat until a time (the game learns it at login) and lift bans. */
export default function ChatBanPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const userIds = useSearchParams()[0].get('userIds') ?? '';
  const lift = (rows: PlayerSummary[]) =>
    api(playerEndpoints.liftChatBan, { body: { userIds: rows.map((r) => r.userId) } });
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <ActionForm
        title={t('routes.gameUserChatBan')}
        schema={playerEndpoints.banChat.body!}
        initialValues={{ userIds }}
        testId="chat-ban-form"
        danger
        submitLabel={t('players.chatBan')}
        confirm={(data) => t('players.chatBanConfirm', { count: data.userIds.length })}
        run={async (body) => {
          await api(playerEndpoints.banChat, { body });
          await queryClient.invalidateQueries({ queryKey: ['chat-bans'] });
        }}
      >
        {(itemProps) => (
          <>
            <Form.Item {...itemProps('userIds')} label={t('players.userIds')}>
              <Input.TextArea rows={4} placeholder={idLines} />
            </Form.Item>
            <Form.Item {...itemProps('until')} label={t('players.chatUntil')}>
              <IsoDateTimeInput />
            </Form.Item>
            <Form.Item {...itemProps('reason')} label={t('players.reason')}>
              <Input maxLength={500} />
            </Form.Item>
          </>
        )}
      </ActionForm>
      <ListPage<PlayerSummary>
        queryKey="chat-bans"
        fields={fields}
        rowKey="userId"
        load={async ({ page, pageSize, filters }) => {
          const data = await api(playerEndpoints.listChatBans, { query: { page, pageSize, userId: filters.userId } });
          return { rows: data.list, total: data.pagination.total };
        }}
        rowActions={(row) => [
          {
            key: 'lift',
            label: t('players.liftChatBan'),
            confirm: () => t('players.liftChatBanConfirm', { count: 1 }),
            run: () => lift([row]),
          },
        ]}
        batchActions={[
          {
            key: 'lift',
            label: t('players.liftChatBan'),
            confirm: (rows) => t('players.liftChatBanConfirm', { count: rows.length }),
            run: lift,
          },
        ]}
      />
    </Space>
  );
}
