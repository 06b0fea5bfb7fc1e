import { playerEndpoints } from '@rookery/contracts';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useEndpointMutation } from '../../api/endpoint-query';
import { ActionForm } from '../../crud/ActionForm';
import { IdListItem, ReasonItem, UntilItem } from '../../crud/form-items';
import { ModerationList } from './ModerationList';

/** Ban players from chat until a time (the game learns it at login) and lift bans. */
export default function ChatBanPage() {
  const { t } = useTranslation();
  const banChat = useEndpointMutation(playerEndpoints.banChat);
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
          await banChat.mutateAsync({ body });
        }}
      >
        {(itemProps) => (
          <>
            <IdListItem itemProps={itemProps} name="userIds" label={t('players.userIds')} />
            <UntilItem itemProps={itemProps} label={t('players.chatUntil')} />
            <ReasonItem itemProps={itemProps} label={t('players.reason')} />
          </>
        )}
      </ActionForm>
      <ModerationList
        columns={['userId', 'chatBannedUntil', 'chatBanReason', 'status', 'lastLoginAt']}
        endpoint={playerEndpoints.listChatBans}
        action={{
          key: 'lift',
          label: t('players.liftChatBan'),
          confirmKey: 'players.liftChatBanConfirm',
          endpoint: playerEndpoints.liftChatBan,
        }}
      />
    </Space>
  );
}
