import { playerEndpoints, suspicionRules } from '@rookery/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEndpointMutation } from '../../api/endpoint-query';
import type { Field } from '../../crud/fields';
import { ListPage, type ListRow } from '../../crud/ListPage';
import { detailPath } from './player-fields';
import './texts';

type Suspicion = ListRow<typeof playerEndpoints.listSuspiciousPlayers>;

const fields: Field<Suspicion>[] = [
  { name: 'id', title: 'ID', width: 80 },
  {
    name: 'userId',
    title: 'players.userId',
    search: 'text',
    render: (row) => <Link to={detailPath(row.userId)}>{row.userId}</Link>,
  },
  {
    name: 'rule',
    title: 'players.rule',
    search: 'select',
    options: suspicionRules.map((r) => ({ value: r, label: `players.rules.${r}`, color: 'orange' })),
  },
  { name: 'detail', title: 'players.detail', kind: 'json' },
  { name: 'saveCount', title: 'players.saveCount' },
  { name: 'createdAt', title: 'players.createdAt', kind: 'time' },
  {
    name: 'reviewed',
    title: 'players.reviewed',
    search: 'select',
    options: [
      { value: 'false', label: 'common.no' },
      { value: 'true', label: 'common.yes' },
    ],
    render: (row, t) => (row.reviewedAt ? t('common.yes') : t('common.no')),
  },
  { name: 'reviewedBy', title: 'players.reviewedBy' },
  { name: 'reviewedAt', title: 'players.reviewedAt', kind: 'time', column: false },
];

/** Saves that broke a plausibility rule, with the reason; operators mark them reviewed. */
export default function SuspiciousPage() {
  const { t } = useTranslation();
  const review = useEndpointMutation(playerEndpoints.reviewSuspicion);
  return (
    <ListPage
      endpoint={playerEndpoints.listSuspiciousPlayers}
      fields={fields}
      initialSearch={{ reviewed: 'false' }}
      rowActions={(row) =>
        row.reviewedAt
          ? []
          : [
              {
                key: 'review',
                label: t('players.review'),
                confirm: () => t('players.reviewConfirm', { id: row.id }),
                run: () => review.mutateAsync({ params: { id: row.id } }),
              },
            ]
      }
    />
  );
}
