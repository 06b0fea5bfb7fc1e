import type { PlayerSummary } from '@rookery/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../crud/ListPage';
import { pickFields } from './player-fields';
import './texts';

export interface ModerationListProps {
  queryKey: string;
  /** Player columns to show, in order; the first (user ID) is also the search. */
  columns: string[];
  load: (q: {
    page: number;
    pageSize: number;
    userId?: string;
  }) => Promise<{ list: PlayerSummary[]; pagination: { total: number } }>;
  /** The action that takes players off this list (unfreeze, lift chat ban, remove from blacklist). */
  action: { key: string; label: string; confirmKey: string; run: (userIds: number[]) => Promise<unknown> };
  toolbar?: ReactNode;
}

/** Players on a moderation list, searchable by user ID, taken off one by one or in a batch. */
export function ModerationList({ queryKey, columns, load, action, toolbar }: ModerationListProps) {
  const { t } = useTranslation();
  const fields = pickFields(columns).map((f) => (f.name === 'userId' ? { ...f, search: 'text' as const } : f));
  const take = (rows: PlayerSummary[]) => action.run(rows.map((r) => r.userId));
  return (
    <ListPage<PlayerSummary>
      queryKey={queryKey}
      fields={fields}
      rowKey="userId"
      load={async ({ page, pageSize, filters }) => {
        const data = await load({ page, pageSize, userId: filters.userId });
        return { rows: data.list, total: data.pagination.total };
      }}
      toolbar={toolbar}
      rowActions={(row) => [
        {
          key: action.key,
          label: action.label,
          confirm: () => t(action.confirmKey, { count: 1 }),
          run: () => take([row]),
        },
      ]}
      batchActions={[
        {
          key: action.key,
          label: action.label,
          confirm: (rows) => t(action.confirmKey, { count: rows.length }),
          run: take,
        },
      ]}
    />
  );
}
