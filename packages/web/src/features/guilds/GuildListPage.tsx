import { type EndpointResponse, guildBanKinds, guildEndpoints, guildStates, pathTo } from '@rookery/contracts';
import { App, Button, Drawer, Form, Input, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMayCall } from '../../access/useCan';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpoint-query';
import { type RowAction, useConfirmThen, useMutationAction } from '../../crud/actions';
import { FormDialog } from '../../crud/FormDialog';
import type { Field } from '../../crud/fields';
import { ReasonItem } from '../../crud/form-items';
import { formatTime } from '../../crud/format';
import { IsoDateTimeInput } from '../../crud/IsoDateTimeInput';
import { ListPage } from '../../crud/ListPage';
import { SmallTable } from '../../crud/SmallTable';
import './texts';

type Guild = EndpointResponse<typeof guildEndpoints.listGuilds>['list'][number];
type Member = EndpointResponse<typeof guildEndpoints.getGuild>['members'][number];

const playerLink = (userId: number | null) =>
  userId ? <Link to={pathTo('gameUserDetail', undefined, { userId })}>{userId}</Link> : '-';

export const guildFields = (): Field<Guild>[] => [
  { name: 'search', title: 'guilds.search', search: 'text', column: false, detail: false },
  { name: 'id', title: 'guilds.id', width: 90 },
  { name: 'name', title: 'guilds.name' },
  {
    name: 'state',
    title: 'guilds.state',
    search: 'select',
    options: guildStates.map((value) => ({
      value,
      label: `guilds.states.${value}`,
      color: value === 'active' ? 'green' : 'default',
    })),
  },
  { name: 'memberCount', title: 'guilds.memberCount', kind: 'number' },
  { name: 'memberLimit', title: 'guilds.memberLimit', kind: 'number', column: false },
  { name: 'leaderId', title: 'guilds.leaderId', render: (g) => playerLink(g.leaderId) },
  {
    name: 'joinMode',
    title: 'guilds.joinMode',
    options: [
      { value: 'open', label: 'guilds.joinModes.open' },
      { value: 'request', label: 'guilds.joinModes.request' },
    ],
  },
  { name: 'chatBannedUntil', title: 'guilds.chatBannedUntil', kind: 'time' },
  { name: 'listBannedUntil', title: 'guilds.listBannedUntil', kind: 'time' },
  { name: 'createdAt', title: 'guilds.createdAt', kind: 'time' },
];

/** `/guild/list`: guilds by name or ID; members, rename, ban, disband, the guild's chat. */
export default function GuildListPage() {
  const { t } = useTranslation();
  const mayCall = useMayCall();
  const mayEdit = mayCall(guildEndpoints.renameGuild);
  const [dialog, setDialog] = useState<{ kind: 'rename' | 'ban' | 'disband' | 'members'; guild: Guild }>();
  const rowActions = (g: Guild): RowAction<Guild>[] => {
    const actions: RowAction<Guild>[] = [
      { key: 'members', label: t('guilds.members'), run: () => setDialog({ kind: 'members', guild: g }) },
    ];
    if (g.state !== 'active' || !mayEdit) return actions;
    return [
      ...actions,
      { key: 'rename', label: t('guilds.rename'), run: () => setDialog({ kind: 'rename', guild: g }) },
      { key: 'ban', label: t('guilds.ban'), run: () => setDialog({ kind: 'ban', guild: g }) },
      { key: 'disband', label: t('guilds.disband'), danger: true, run: () => setDialog({ kind: 'disband', guild: g }) },
    ];
  };
  const close = () => setDialog(undefined);
  return (
    <>
      <ListPage
        endpoint={guildEndpoints.listGuilds}
        fields={guildFields()}
        paging="keyset"
        empty="guilds.empty"
        rowActions={rowActions}
        testId="guild-list"
      />
      {dialog?.kind === 'members' && <Members guild={dialog.guild} onClose={close} />}
      {dialog?.kind === 'rename' && <RenameDialog guild={dialog.guild} onClose={close} />}
      {dialog?.kind === 'ban' && <BanDialog guild={dialog.guild} onClose={close} />}
      {dialog?.kind === 'disband' && <DisbandDialog guild={dialog.guild} onClose={close} />}
    </>
  );
}

function RenameDialog({ guild, onClose }: { guild: Guild; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rename = useEndpointMutation(guildEndpoints.renameGuild);
  return (
    <FormDialog
      name="rename-guild"
      title={t('guilds.renameTitle', { id: guild.id, name: guild.name })}
      okText={t('guilds.renameOk')}
      schema={guildEndpoints.renameGuild.body!}
      onClose={onClose}
      submit={async (body) => {
        const after = await rename.mutateAsync({ params: { id: guild.id }, body });
        void message.success(t('guilds.renamed', { name: after.name }));
      }}
    >
      {(itemProps) => (
        <>
          <Form.Item {...itemProps('name')} label={t('guilds.newName')}>
            <Input />
          </Form.Item>
          <ReasonItem itemProps={itemProps} label={t('guilds.reason')} />
        </>
      )}
    </FormDialog>
  );
}

function BanDialog({ guild, onClose }: { guild: Guild; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const ban = useEndpointMutation(guildEndpoints.banGuild);
  return (
    <FormDialog
      name="ban-guild"
      title={t('guilds.banTitle', { id: guild.id, name: guild.name })}
      okText={t('guilds.banOk')}
      danger
      schema={guildEndpoints.banGuild.body!}
      initialValues={{ kind: 'chat' }}
      onClose={onClose}
      submit={async (body) => {
        await ban.mutateAsync({ params: { id: guild.id }, body });
        void message.success(t('guilds.banned', { name: guild.name }));
      }}
    >
      {(itemProps) => (
        <>
          <Form.Item {...itemProps('kind')} label={t('guilds.banKind')}>
            <Select options={guildBanKinds.map((value) => ({ value, label: t(`guilds.banKinds.${value}`) }))} />
          </Form.Item>
          <Form.Item {...itemProps('until')} label={t('guilds.until')}>
            <IsoDateTimeInput showUtc aria-label={t('guilds.until')} />
          </Form.Item>
          <ReasonItem itemProps={itemProps} label={t('guilds.reason')} />
        </>
      )}
    </FormDialog>
  );
}

function DisbandDialog({ guild, onClose }: { guild: Guild; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const disband = useEndpointMutation(guildEndpoints.disbandGuild);
  return (
    <FormDialog
      name="disband-guild"
      title={t('guilds.disbandTitle', { id: guild.id, name: guild.name, count: guild.memberCount })}
      okText={t('guilds.disbandOk', { count: guild.memberCount })}
      danger
      schema={guildEndpoints.disbandGuild.body!}
      onClose={onClose}
      submit={async (body) => {
        await disband.mutateAsync({ params: { id: guild.id }, body });
        void message.success(t('guilds.disbanded', { name: guild.name }));
      }}
    >
      {(itemProps) => <ReasonItem itemProps={itemProps} label={t('guilds.reason')} />}
    </FormDialog>
  );
}

/** A guild's members with their roles and last login; make one the leader, remove one. */
function Members({ guild, onClose }: { guild: Guild; onClose: () => void }) {
  const { t } = useTranslation();
  const mayCall = useMayCall();
  const mayEdit = guild.state === 'active' && mayCall(guildEndpoints.changeGuildLeader);
  const detail = useEndpointQuery(guildEndpoints.getGuild, { params: { id: guild.id } });
  const leader = useMutationAction(guildEndpoints.changeGuildLeader);
  const remove = useMutationAction(guildEndpoints.removeGuildMember);
  const confirmThen = useConfirmThen();
  const actionsOf = (m: Member): RowAction<Member>[] =>
    !mayEdit || m.role === 'leader'
      ? []
      : [
          leader<Member>({
            key: 'leader',
            label: t('guilds.makeLeader'),
            confirm: () => ({
              title: t('guilds.makeLeaderTitle', { userId: m.userId, name: guild.name }),
              danger: false,
              rows: [
                { label: t('guilds.makeLeader'), value: t('guilds.makeLeaderEffect', { leader: guild.leaderId }) },
              ],
              okText: t('guilds.makeLeaderOk', { userId: m.userId }),
            }),
            input: () => ({ params: { id: guild.id }, body: { userId: m.userId } }),
            done: t('guilds.leaderChanged', { userId: m.userId }),
          }),
          remove<Member>({
            key: 'remove',
            label: t('guilds.remove'),
            danger: true,
            confirm: () => ({
              title: t('guilds.removeTitle', { userId: m.userId, name: guild.name }),
              rows: [{ label: t('guilds.remove'), value: t('guilds.removeEffect') }],
              okText: t('guilds.removeOk', { userId: m.userId }),
            }),
            input: () => ({ params: { id: guild.id }, body: { userId: m.userId } }),
            done: t('guilds.removed', { userId: m.userId }),
          }),
        ];
  return (
    <Drawer open width={720} title={t('guilds.membersTitle', { name: guild.name })} onClose={onClose}>
      <p>
        <Link to={pathTo('guildChat', undefined, { guildId: guild.id })}>{t('guilds.chat')}</Link>
      </p>
      <SmallTable<Member>
        rowKey="userId"
        loading={detail.isLoading}
        dataSource={detail.data?.members ?? []}
        columns={[
          { key: 'userId', title: t('guilds.userId'), render: (_, m) => playerLink(m.userId) },
          { key: 'role', title: t('guilds.role'), render: (_, m) => <Tag>{t(`guilds.roles.${m.role}`)}</Tag> },
          { key: 'joinedAt', title: t('guilds.joinedAt'), render: (_, m) => formatTime(m.joinedAt) },
          { key: 'lastLoginAt', title: t('guilds.lastLoginAt'), render: (_, m) => formatTime(m.lastLoginAt) },
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_, m) =>
              actionsOf(m).map((a) => (
                <Button
                  key={a.key}
                  type="link"
                  danger={a.danger}
                  onClick={() => confirmThen(a.confirm?.(m), () => a.run(m))}
                >
                  {a.label}
                </Button>
              )),
          },
        ]}
      />
    </Drawer>
  );
}
