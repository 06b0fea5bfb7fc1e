import type { PlayerSummary, playerEndpoints } from '@rookery/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '../../api/endpoint-query';
import { ListPage } from '../../crud/ListPage';
import { pickFields } from './player-fields';
import './texts';

type Lists =
  | typeof playerEndpoints.listFrozenPlayers
  | typeof playerEndpoints.listChatBans
  | typeof playerEndpoints.listBlacklist;
type TakeOff =
  | typeof playerEndpoints.unfreezePlayers
  | typeof playerEndpoints.liftChatBan
  | typeof playerEndpoints.removeFromBlacklist;

export interface ModerationListProps {
  /** The list (frozen, chat-banned or blacklisted players). */
  endpoint: Lists;
  /** Player columns to show, in order; the first (user ID) is also the search. */
  columns: string[];
  /** The action that takes players off this list (unfreeze, lift chat ban, remove from blacklist). */
  action: { key: string; label: string; confirmKey: string; endpoint: TakeOff };
  toolbar?: ReactNode;
}

/** Players on a moderation list, searchable by user ID, taken off one by one or in a batch. */
export function ModerationList({ endpoint, columns, action, toolbar }: ModerationListProps) {
  const { t } = useTranslation();
  const takeOff = useEndpointMutation<TakeOff>(action.endpoint);
  const fields = pickFields(columns).map((f) => (f.name === 'userId' ? { ...f, search: 'text' as const } : f));
  const take = (rows: PlayerSummary[]) => takeOff.mutateAsync({ body: { userIds: rows.map((r) => r.userId) } });
  return (
    <ListPage<Lists>
      endpoint={endpoint}
      fields={fields}
      rowKey="userId"
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
