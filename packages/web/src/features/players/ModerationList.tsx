import { type PlayerSummary, pathTo, type playerEndpoints, type RouteName } from '@rookery/contracts';
import { Button, Space } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useEndpointMutation } from '../../api/endpoint-query';
import type { Consequence } from '../../crud/Consequence';
import type { Field } from '../../crud/fields';
import { ListPage } from '../../crud/ListPage';
import { type PlayerAction, PlayerActionForm } from './player-action';
import { audienceRows } from './player-consequence';
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

/** A moderation list screen (ban list, chat bans, blacklist): a declaration, the kit does the rest. */
export interface Moderation {
  /** The list (frozen, chat-banned or blacklisted players). */
  endpoint: Lists;
  /** Player columns to show, in order; the first (user ID) is also the search. */
  columns: string[];
  /** Columns of this list's own (who froze the player, when…), after the player columns. */
  extra?: Field<PlayerSummary>[];
  /**
   * The action that takes players off this list (unfreeze, lift chat ban, remove from
   * blacklist); its `name` keys its texts as a player action's: `players.<name>`,
   * `players.<name>Confirm` and `players.<name>Ok` (with `count`).
   */
  takeOff: { name: string; endpoint: TakeOff };
  /** A button to the screen that puts players on the list (named by that route's action). */
  add?: { route: RouteName; action: string; danger?: boolean };
  /** The form that puts players on the list, above it on the same screen. */
  form?: PlayerAction<any>;
}

/** What taking players off a list states: who, how many, the button naming the action. */
const takeOffConsequence = (t: TFunction, takeOff: Moderation['takeOff'], rows: PlayerSummary[]): Consequence => {
  const ids = rows.map((r) => r.userId);
  return {
    title: t(`players.${takeOff.name}Confirm`, { count: ids.length }),
    rows: audienceRows(t, ids),
    okText: t(`players.${takeOff.name}Ok`, { count: ids.length }),
    danger: false,
  };
};

/** Players on a moderation list, searchable by user ID, taken off one by one or in a batch. */
export function ModerationList({ endpoint, columns, extra, takeOff, add }: Moderation) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mutation = useEndpointMutation<TakeOff>(takeOff.endpoint);
  const fields = pickFields(columns, extra).map((f) => (f.name === 'userId' ? { ...f, search: 'text' as const } : f));
  const action = { key: takeOff.name, label: t(`players.${takeOff.name}`) };
  const take = (rows: PlayerSummary[]) => mutation.mutateAsync({ body: { userIds: rows.map((r) => r.userId) } });
  return (
    <ListPage<Lists>
      endpoint={endpoint}
      fields={fields}
      rowKey="userId"
      toolbar={
        add && (
          <Button
            type="primary"
            danger={add.danger}
            onClick={() => navigate(pathTo(add.route))}
            data-testid={`add-${add.action}`}
          >
            {t(`players.${add.action}`)}
          </Button>
        )
      }
      rowActions={(row) => [
        { ...action, confirm: () => takeOffConsequence(t, takeOff, [row]), run: () => take([row]) },
      ]}
      batchActions={[{ ...action, confirm: (rows) => takeOffConsequence(t, takeOff, rows), run: take }]}
    />
  );
}

/** A moderation screen: the form that adds to the list (if any) above the list. */
export function moderationPage(moderation: Moderation) {
  return function ModerationPage() {
    return (
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {moderation.form && <PlayerActionForm action={moderation.form} />}
        <ModerationList {...moderation} />
      </Space>
    );
  };
}
