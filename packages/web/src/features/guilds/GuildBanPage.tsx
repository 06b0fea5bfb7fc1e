import { type EndpointResponse, guildBanKinds, guildEndpoints } from '@rookery/contracts';
import { App, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMayCall } from '../../access/useCan';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpoint-query';
import { type RowAction, useConfirmThen, useMutationAction } from '../../crud/actions';
import { FormDialog } from '../../crud/FormDialog';
import type { Field } from '../../crud/fields';
import { formatTime } from '../../crud/format';
import { ListPage } from '../../crud/ListPage';
import { SmallTable } from '../../crud/SmallTable';
import './texts';

type Guild = EndpointResponse<typeof guildEndpoints.listGuildBans>['list'][number];
type Filter = EndpointResponse<typeof guildEndpoints.listGuildNameFilters>['list'][number];

const fields = (): Field<Guild>[] => [
  {
    name: 'kind',
    title: 'guilds.banKind',
    search: 'select',
    column: false,
    detail: false,
    options: guildBanKinds.map((value) => ({ value, label: `guilds.banKinds.${value}` })),
  },
  { name: 'id', title: 'guilds.id', width: 90 },
  { name: 'name', title: 'guilds.name' },
  { name: 'memberCount', title: 'guilds.memberCount', kind: 'number' },
  {
    name: 'chatBannedUntil',
    title: 'guilds.chatBannedUntil',
    render: (g) => (g.chatBannedUntil ? `${formatTime(g.chatBannedUntil)} · ${g.chatBanReason ?? ''}` : '-'),
  },
  {
    name: 'listBannedUntil',
    title: 'guilds.listBannedUntil',
    render: (g) => (g.listBannedUntil ? `${formatTime(g.listBannedUntil)} · ${g.listBanReason ?? ''}` : '-'),
  },
];

/** `/guild/ban`: guilds banned now from chat or the list (lift a ban), and the guild name filter. */
export default function GuildBanPage() {
  const { t } = useTranslation();
  const mayCall = useMayCall();
  const mayEdit = mayCall(guildEndpoints.liftGuildBan);
  const lift = useMutationAction(guildEndpoints.liftGuildBan);
  const rowActions = (g: Guild): RowAction<Guild>[] =>
    !mayEdit
      ? []
      : guildBanKinds
          .filter((kind) => (kind === 'chat' ? g.chatBannedUntil : g.listBannedUntil))
          .map((kind) =>
            lift<Guild>({
              key: `lift-${kind}`,
              label: `${t('guilds.lift')} · ${t(`guilds.banKinds.${kind}`)}`,
              confirm: () => ({
                title: t('guilds.liftTitle', { name: g.name, kind: t(`guilds.banKinds.${kind}`) }),
                danger: false,
                rows: [{ label: t('guilds.name'), value: `${g.name} #${g.id}` }],
                okText: t('guilds.liftOk'),
              }),
              input: () => ({ params: { id: g.id }, body: { kind } }),
              done: t('guilds.lifted'),
            }),
          );
  return (
    <>
      <ListPage
        endpoint={guildEndpoints.listGuildBans}
        fields={fields()}
        empty="guilds.bansEmpty"
        rowActions={rowActions}
        testId="guild-ban-list"
      />
      <NameFilters mayEdit={mayCall(guildEndpoints.addGuildNameFilter)} />
    </>
  );
}

function NameFilters({ mayEdit }: { mayEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useEndpointQuery(guildEndpoints.listGuildNameFilters, {});
  const add = useEndpointMutation(guildEndpoints.addGuildNameFilter);
  const remove = useMutationAction(guildEndpoints.removeGuildNameFilter);
  const confirmThen = useConfirmThen();
  const [adding, setAdding] = useState(false);
  return (
    <Card
      title={t('guilds.filters')}
      style={{ marginTop: 16 }}
      extra={
        mayEdit && (
          <Button type="primary" onClick={() => setAdding(true)}>
            {t('guilds.addFilter')}
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('guilds.filtersHint')}</Typography.Paragraph>
      <SmallTable<Filter>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        // The default colour: antd's placeholder grey reads 1.83:1 on white (WCAG AA needs 4.5).
        locale={{ emptyText: <Typography.Text>{t('guilds.filtersEmpty')}</Typography.Text> }}
        columns={[
          { key: 'word', title: t('guilds.word'), dataIndex: 'word' },
          { key: 'createdBy', title: t('guilds.createdBy'), render: (_, f) => f.createdBy ?? '-' },
          { key: 'createdAt', title: t('guilds.createdAt'), render: (_, f) => formatTime(f.createdAt) },
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_, f) => {
              if (!mayEdit) return '-';
              const action = remove<Filter>({
                key: 'remove',
                label: t('guilds.removeFilter'),
                danger: true,
                confirm: () => ({
                  title: t('guilds.removeFilterTitle', { word: f.word }),
                  rows: [{ label: t('guilds.word'), value: f.word }],
                  okText: t('guilds.removeFilterOk'),
                }),
                input: () => ({ params: { id: f.id } }),
                done: t('guilds.filterRemoved'),
              });
              return (
                <Button type="link" danger onClick={() => confirmThen(action.confirm?.(f), () => action.run(f))}>
                  {action.label}
                </Button>
              );
            },
          },
        ]}
      />
      {adding && (
        <FormDialog
          name="add-guild-filter"
          title={t('guilds.addFilter')}
          okText={t('guilds.addFilterOk')}
          schema={guildEndpoints.addGuildNameFilter.body!}
          onClose={() => setAdding(false)}
          submit={async (body) => {
            const row = await add.mutateAsync({ body });
            void message.success(t('guilds.filterAdded', { word: row.word }));
          }}
        >
          {(itemProps) => (
            <Form.Item {...itemProps('word')} label={t('guilds.word')}>
              <Input />
            </Form.Item>
          )}
        </FormDialog>
      )}
    </Card>
  );
}
