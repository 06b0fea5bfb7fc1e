import { type PlayerSummary, playerEndpoints } from '@rookery/contracts';
import { api } from '../../api/request';
import { ListPage } from '../../crud/ListPage';
import { playerFields, playerStatusOptions } from './player-fields';
import './texts';

const sortable = ['userId', 'lastLoginAt', 'firstLoginAt', 'saveCount'] as const;
type SortField = (typeof sortable)[number];

const fields = playerFields.map((f) =>
  f.name === 'status'
    ? { ...f, search: 'select' as const, options: playerStatusOptions }
    : f.name === 'os' || f.name === 'country'
      ? { ...f, search: 'text' as const }
      : f,
);

/** Every game user, filtered by status, OS and country and sorted on the server. */
export default function PlayerListPage() {
  return (
    <ListPage<PlayerSummary>
      queryKey="players"
      fields={fields}
      rowKey="userId"
      load={async ({ page, pageSize, filters, sort }) => {
        const data = await api(playerEndpoints.listPlayers, {
          query: {
            page,
            pageSize,
            status: filters.status as PlayerSummary['status'] | undefined,
            os: filters.os,
            country: filters.country,
            sort: sort && (sortable as readonly string[]).includes(sort.field) ? (sort.field as SortField) : 'userId',
            order: sort?.order ?? 'desc',
          },
        });
        return { rows: data.list, total: data.pagination.total };
      }}
    />
  );
}
