import { gameLabel, type PlayerPiggyBank, piggyBankEndpoints } from '@rookery/contracts';
import { App, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '../../api/endpoint-query';
import type { Field } from '../../crud/fields';
import { ListPage } from '../../crud/ListPage';
import { currentLocale } from '../../i18n';
import './texts';

/** A player's piggy banks running now, with their fill; an operator may empty one (confirmed, audited). */
export default function PlayerPiggyBankTab({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const reset = useEndpointMutation(piggyBankEndpoints.resetPlayerPiggyBank);
  const locale = currentLocale();
  const fields: Field<PlayerPiggyBank>[] = [
    {
      name: 'name',
      title: 'piggyBank.name',
      render: (row) => `${row.name} · ${locale === 'zh-CN' ? row.titleZh : row.titleEn}`,
    },
    { name: 'resource', title: 'piggyBank.resource', render: (row) => gameLabel(row.resource, locale) },
    {
      name: 'fill',
      title: 'piggyBank.fill',
      render: (row) => <span data-testid={`piggy-fill-${row.name}`}>{`${row.fill} / ${row.cap}`}</span>,
    },
    {
      name: 'full',
      title: 'piggyBank.full',
      render: (row) => (row.full ? <Tag color="gold">{t('piggyBank.full')}</Tag> : t('piggyBank.notFull')),
    },
  ];
  return (
    <ListPage
      endpoint={piggyBankEndpoints.playerPiggyBanks}
      query={{ userId }}
      urlPrefix="piggy"
      rowKey="name"
      fields={fields}
      empty="piggyBank.none"
      testId="player-piggy-banks"
      rowActions={(row) => [
        {
          key: 'reset',
          label: t('piggyBank.reset'),
          confirm: () => ({
            title: t('piggyBank.resetTitle', { userId, bank: row.name }),
            rows: [
              { label: t('piggyBank.resetPlayer'), value: String(userId) },
              { label: t('piggyBank.resetNow'), value: `${row.fill} / ${row.cap}` },
              { label: t('piggyBank.reset'), value: t('piggyBank.resetEffect') },
            ],
            okText: t('piggyBank.resetOk', { bank: row.name }),
          }),
          run: async () => {
            await reset.mutateAsync({ params: { userId }, body: { bank: row.name } });
            void message.success(t('piggyBank.resetDone', { bank: row.name }));
          },
        },
      ]}
    />
  );
}
