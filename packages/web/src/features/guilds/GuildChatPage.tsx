import { type EndpointResponse, guildEndpoints, pathTo } from '@rookery/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMayCall } from '../../access/useCan';
import { type RowAction, useMutationAction } from '../../crud/actions';
import type { Field } from '../../crud/fields';
import { ListPage } from '../../crud/ListPage';
import './texts';

type Message = EndpointResponse<typeof guildEndpoints.listGuildChat>['list'][number];

const fields = (): Field<Message>[] => [
  { name: 'time', title: 'guildChat.time', search: 'timeRange', column: false, detail: false },
  { name: 'guildId', title: 'guildChat.guildId', search: 'text', column: false, detail: false },
  { name: 'id', title: 'guildChat.id', width: 90 },
  {
    name: 'guildName',
    title: 'guildChat.guildName',
    render: (m) => (
      <Link to={pathTo('guildList', undefined, { search: m.guildId })}>{`${m.guildName} #${m.guildId}`}</Link>
    ),
  },
  {
    name: 'userId',
    title: 'guildChat.userId',
    search: 'text',
    render: (m) => <Link to={pathTo('gameUserDetail', undefined, { userId: m.userId })}>{m.userId}</Link>,
  },
  {
    name: 'text',
    title: 'guildChat.text',
    search: 'text',
    // Shown as text: markup a player typed is never rendered.
    render: (m, t) => (
      <span data-testid="guild-chat-text">
        {m.deletedAt && <Tag color="red">{t('guildChat.deleted')}</Tag>}
        {m.text}
      </span>
    ),
  },
  { name: 'createdAt', title: 'guildChat.createdAt', kind: 'time' },
  { name: 'deletedBy', title: 'guildChat.deletedBy', column: false },
];

/** `/guild/chat`: a guild's chat (or every guild's) by time, player and text; delete a message. */
export default function GuildChatPage() {
  const { t } = useTranslation();
  const mayCall = useMayCall();
  const remove = useMutationAction(guildEndpoints.deleteGuildMessages);
  const mayDelete = mayCall(guildEndpoints.deleteGuildMessages);
  const rowActions = (m: Message): RowAction<Message>[] =>
    m.deletedAt || !mayDelete
      ? []
      : [
          remove<Message>({
            key: 'delete',
            label: t('guildChat.delete'),
            danger: true,
            confirm: () => ({
              title: t('guildChat.deleteTitle', { id: m.id, userId: m.userId, guild: m.guildName }),
              rows: [
                { label: t('guildChat.text'), value: m.text },
                { label: t('guildChat.delete'), value: t('guildChat.deleteEffect') },
              ],
              okText: t('guildChat.deleteOk', { id: m.id }),
            }),
            input: () => ({ body: { ids: [m.id] } }),
            done: t('guildChat.deletedDone', { id: m.id }),
          }),
        ];
  return (
    <ListPage
      endpoint={guildEndpoints.listGuildChat}
      fields={fields()}
      paging="keyset"
      empty="guildChat.empty"
      rowActions={rowActions}
      testId="guild-chat-list"
    />
  );
}
