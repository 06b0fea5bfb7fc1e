import { playerEndpoints } from '@rookery/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../api/request';
import { ActionForm } from './ActionForm';
import { IdListItem, ReasonItem, UntilItem } from './form-items';
import { ModerationList } from './ModerationList';

/** Ban players from chat until a time (the game learns it at login) and lift bans. */
export default function ChatBanPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const userIds = useSearchParams()[0].get('userIds') ?? '';
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
            <IdListItem itemProps={itemProps} name="userIds" label={t('players.userIds')} />
            <UntilItem itemProps={itemProps} label={t('players.chatUntil')} />
            <ReasonItem itemProps={itemProps} />
          </>
        )}
      </ActionForm>
      <ModerationList
        queryKey="chat-bans"
        columns={['userId', 'chatBannedUntil', 'chatBanReason', 'status', 'lastLoginAt']}
        load={(query) => api(playerEndpoints.listChatBans, { query })}
        action={{
          key: 'lift',
          label: t('players.liftChatBan'),
          confirmKey: 'players.liftChatBanConfirm',
          run: (userIds) => api(playerEndpoints.liftChatBan, { body: { userIds } }),
        }}
      />
    </Space>
  );
}
