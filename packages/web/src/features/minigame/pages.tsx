import {
  boardOperatorLabels,
  boardResetLabels,
  boardSortOrderLabels,
  type EndpointResponse,
  leaderboardEndpoints,
  leaderboardResource,
} from '@rookery/contracts';
import { Alert, App, Button, Card, Form, Input, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMayCall } from '../../access/useCan';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpoint-query';
import { type RowAction, useConfirmThen, useMutationAction } from '../../crud/actions';
import { FormDialog } from '../../crud/FormDialog';
import type { Field } from '../../crud/fields';
import { ReasonItem } from '../../crud/form-items';
import { formatTime } from '../../crud/format';
import { IsoDateTimeInput } from '../../crud/IsoDateTimeInput';
import { ListPage } from '../../crud/ListPage';
import { endpointsOf } from '../../crud/resource/endpoints';
import { ResourceList } from '../../crud/resource/ResourceList';
import { ResourcePicker } from '../../crud/resource/ResourcePicker';
import { resourceScreen } from '../../crud/resource/screen';
import { NumberInput } from '../../crud/schema-fields';
import { currentLocale } from '../../i18n';
import { rewardsText } from '../shared/RewardsEditor';
import { RewardBandsEditor } from './RewardBandsEditor';
import { playerLink, StandingsCard } from './Standings';
import './texts';

/** The board chosen on a page, in its address (`?board=`), so the page is a link. */
function useBoard(fixed?: string): [string | undefined, (board: string | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const board = fixed ?? (params.get('board') || undefined);
  const choose = (next: string | undefined) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        if (next) copy.set('board', next);
        else copy.delete('board');
        return copy;
      },
      { replace: true },
    );
  return [board, choose];
}

function BoardPicker({ board, onChange }: { board?: string; onChange: (b: string | undefined) => void }) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <label htmlFor="board-pick">{t('minigame.board')}</label>
      <ResourcePicker
        resource={leaderboardResource}
        value={board}
        onChange={onChange}
        style={{ width: 260, maxWidth: '100%' }}
        testId="board-pick"
        id="board-pick"
        labelOf={(row) => `${String(row.id)} · ${String(currentLocale() === 'zh-CN' ? row.titleZh : row.titleEn)}`}
      />
    </Space>
  );
}

/** The boards as a kit resource (list, create and edit in a drawer, history). */
export const leaderboardScreen = resourceScreen({
  resource: leaderboardResource,
  entity: 'minigame.boardEntity',
  render: {
    sortOrder: (row) => boardSortOrderLabels[row.sortOrder][currentLocale()],
    operator: (row) => boardOperatorLabels[row.operator][currentLocale()],
    reset: (row) => boardResetLabels[row.reset][currentLocale()],
    testBoard: (row, t) => (row.testBoard ? <Tag color="gold">{t('minigame.testBoard')}</Tag> : '-'),
    rewardBands: (row, t) =>
      row.rewardBands.length
        ? row.rewardBands.map((b) => `${b.fromRank}–${b.toRank}: ${rewardsText(b.rewards)}`).join('; ')
        : t('minigame.noRewards'),
  },
  fields: [
    'id',
    ['titleZh', 'titleEn'],
    ['sortOrder', 'operator'],
    ['reset', 'timeZone'],
    ['seasonStart', 'seasonDays'],
    ['allowNegative', 'testBoard'],
    'rewardBands',
  ],
  widgets: { rewardBands: RewardBandsEditor },
  shownWhen: { seasonStart: (v) => v.reset === 'season', seasonDays: (v) => v.reset === 'season' },
  hints: { timeZone: 'minigame.timeZoneHint', testBoard: 'minigame.testBoardHint', id: 'minigame.idHint' },
  placeholders: { timeZone: 'minigame.timeZoneExample', seasonStart: 'minigame.seasonStartExample' },
  blank: {
    sortOrder: 'desc',
    operator: 'best',
    reset: 'weekly',
    timeZone: 'Asia/Shanghai',
    allowNegative: false,
    testBoard: false,
    rewardBands: [],
  },
});

/** `/minigame/leaderboard`: every board, and the chosen board's live standings. */
export function LeaderboardPage() {
  const [board, choose] = useBoard();
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <ResourceList screen={leaderboardScreen} urlPrefix="boards." />
      <BoardPicker board={board} onChange={choose} />
      {board && <StandingsCard board={board} />}
    </Space>
  );
}

/** The jump game's board. */
export const JUMP_BOARD = 'jump';

type Attempt = EndpointResponse<typeof leaderboardEndpoints.leaderboardAttempts>['list'][number];
const attemptFields = (): Field<Attempt>[] => [
  { name: 'userId', title: 'minigame.player', search: 'text', render: (a) => playerLink(a.userId) },
  { name: 'score', title: 'minigame.score', kind: 'number' },
  { name: 'subscore', title: 'minigame.subscore', kind: 'number' },
  { name: 'period', title: 'minigame.periodColumn' },
  { name: 'at', title: 'minigame.submittedAt', kind: 'time' },
];

/** `/minigame/jump`: the jump game's standings and its score history (a player's attempts by ID). */
export function JumpPage() {
  const { t } = useTranslation();
  const board = useEndpointQuery(
    endpointsOf(leaderboardResource).get,
    { params: { key: JUMP_BOARD } },
    { retry: false, quiet: true },
  );
  if (board.isPending) return null;
  if (board.isError)
    return (
      <Alert type="info" showIcon title={t('minigame.noJumpBoard', { board: JUMP_BOARD })} data-testid="jump-missing" />
    );
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <StandingsCard board={JUMP_BOARD} />
      <Card title={t('minigame.history')}>
        <ListPage
          endpoint={leaderboardEndpoints.leaderboardAttempts}
          params={{ board: JUMP_BOARD }}
          fields={attemptFields()}
          empty="minigame.noAttempts"
          urlPrefix="attempts."
          testId="jump-attempts"
        />
      </Card>
    </Space>
  );
}

/** `/minigame/leaderboardmock`: fill a test board with generated players and scores; remove them in one action. */
export function LeaderboardMockPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [board, choose] = useBoard();
  const [filling, setFilling] = useState(false);
  const mayCall = useMayCall();
  const confirmThen = useConfirmThen();
  const item = useEndpointQuery(
    endpointsOf(leaderboardResource).get,
    { params: { key: board ?? '' } },
    { enabled: Boolean(board), retry: false },
  );
  const fill = useEndpointMutation(leaderboardEndpoints.fillLeaderboardMock);
  const clear = useEndpointMutation(leaderboardEndpoints.clearLeaderboardMock);
  const testBoard = Boolean((item.data as { testBoard?: boolean } | undefined)?.testBoard);
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Alert type="warning" showIcon title={t('minigame.mockWarning')} />
      <BoardPicker board={board} onChange={choose} />
      {board && item.data !== undefined && !testBoard && (
        <Alert type="error" showIcon title={t('minigame.notTestBoard', { board })} data-testid="mock-refused" />
      )}
      {board && testBoard && (
        <Space wrap>
          {mayCall(leaderboardEndpoints.fillLeaderboardMock) && (
            <Button type="primary" onClick={() => setFilling(true)} data-testid="mock-fill">
              {t('minigame.mockFill')}
            </Button>
          )}
          {mayCall(leaderboardEndpoints.clearLeaderboardMock) && (
            <Button
              danger
              data-testid="mock-clear"
              onClick={() =>
                confirmThen(
                  {
                    title: t('minigame.mockClearTitle', { board }),
                    rows: [{ label: t('minigame.board'), value: board }],
                    okText: t('minigame.mockClearOk'),
                  },
                  async () => {
                    const done = await clear.mutateAsync({ params: { board } });
                    void message.success(t('minigame.mockCleared', { count: done.removed }));
                  },
                )
              }
            >
              {t('minigame.mockClear')}
            </Button>
          )}
        </Space>
      )}
      {board && testBoard && <StandingsCard board={board} />}
      {filling && board && (
        <FormDialog
          name="mock-fill"
          title={t('minigame.mockFillTitle', { board })}
          okText={t('minigame.mockFillOk')}
          schema={leaderboardEndpoints.fillLeaderboardMock.body!}
          initialValues={{ players: 100, minScore: 0, maxScore: 10_000 }}
          onClose={() => setFilling(false)}
          submit={async (body) => {
            const done = await fill.mutateAsync({ params: { board }, body });
            void message.success(t('minigame.mockFilled', { count: done.added }));
          }}
        >
          {(itemProps) => (
            <>
              <Form.Item {...itemProps('players')} label={t('minigame.mockPlayers')}>
                <NumberInput data-testid="mock-players" />
              </Form.Item>
              <Space wrap>
                <Form.Item {...itemProps('minScore')} label={t('minigame.mockMin')}>
                  <NumberInput />
                </Form.Item>
                <Form.Item {...itemProps('maxScore')} label={t('minigame.mockMax')}>
                  <NumberInput />
                </Form.Item>
              </Space>
            </>
          )}
        </FormDialog>
      )}
    </Space>
  );
}

type Fame = EndpointResponse<typeof leaderboardEndpoints.listHallOfFame>['list'][number];
const fameFields = (): Field<Fame>[] => [
  { name: 'board', title: 'minigame.board', search: 'reference', reference: leaderboardResource },
  { name: 'period', title: 'minigame.periodColumn' },
  { name: 'rank', title: 'minigame.rank', kind: 'number', width: 80 },
  { name: 'userId', title: 'minigame.player', render: (f) => playerLink(f.userId) },
  { name: 'score', title: 'minigame.score', kind: 'number' },
  {
    name: 'rewards',
    title: 'minigame.rewards',
    render: (f, t) => (f.rewards.length ? rewardsText(f.rewards) : t('minigame.noRewards')),
  },
  { name: 'archivedAt', title: 'minigame.archivedAt', kind: 'time' },
];

/** `/minigame/fame`: the winners archived at each reset, with the rewards mailed to them. */
export function FamePage() {
  return (
    <ListPage
      endpoint={leaderboardEndpoints.listHallOfFame}
      fields={fameFields()}
      empty="minigame.noFame"
      testId="fame-list"
    />
  );
}

type Listed = EndpointResponse<typeof leaderboardEndpoints.listMinigameBlacklist>['list'][number];
const blacklistFields = (): Field<Listed>[] => [
  { name: 'userId', title: 'minigame.player', render: (b) => playerLink(b.userId) },
  { name: 'reason', title: 'minigame.reason' },
  { name: 'endsAt', title: 'minigame.endsAt', kind: 'time' },
  {
    name: 'active',
    title: 'minigame.state',
    render: (b, t) => (b.active ? <Tag color="red">{t('minigame.active')}</Tag> : <Tag>{t('minigame.ended')}</Tag>),
  },
  { name: 'createdBy', title: 'minigame.createdBy', render: (b) => b.createdBy ?? '-' },
  { name: 'createdAt', title: 'minigame.createdAt', kind: 'time' },
];

/**
 * `/minigame/blacklist`: players left out of every board (their own list, beside the players'
 * blacklist, which boards also leave out): add with a reason and an end, lift.
 */
export function BlacklistPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const mayCall = useMayCall();
  const [adding, setAdding] = useState(false);
  const add = useEndpointMutation(leaderboardEndpoints.addMinigameBlacklist);
  const lift = useMutationAction(leaderboardEndpoints.removeMinigameBlacklist);
  const rowActions = (b: Listed): RowAction<Listed>[] =>
    b.active && mayCall(leaderboardEndpoints.removeMinigameBlacklist)
      ? [
          lift<Listed>({
            key: 'lift',
            label: t('minigame.lift'),
            confirm: () => ({
              title: t('minigame.liftTitle', { userId: b.userId }),
              rows: [
                { label: t('minigame.player'), value: String(b.userId) },
                { label: t('minigame.reason'), value: b.reason },
              ],
              okText: t('minigame.liftOk'),
              danger: false,
            }),
            input: () => ({ body: { userId: b.userId } }),
            done: t('minigame.lifted', { userId: b.userId }),
          }),
        ]
      : [];
  return (
    <>
      <ListPage
        endpoint={leaderboardEndpoints.listMinigameBlacklist}
        rowKey="userId"
        fields={blacklistFields()}
        empty="minigame.noBlacklist"
        rowActions={rowActions}
        testId="minigame-blacklist"
        toolbar={
          mayCall(leaderboardEndpoints.addMinigameBlacklist) && (
            <Button type="primary" onClick={() => setAdding(true)} data-testid="blacklist-add">
              {t('minigame.add')}
            </Button>
          )
        }
      />
      {adding && (
        <FormDialog
          name="minigame-blacklist-add"
          title={t('minigame.addTitle')}
          okText={t('minigame.addOk')}
          danger
          schema={leaderboardEndpoints.addMinigameBlacklist.body!}
          onClose={() => setAdding(false)}
          submit={async (body) => {
            const row = await add.mutateAsync({ body });
            void message.success(t('minigame.added', { userId: row.userId, until: formatTime(row.endsAt) }));
          }}
        >
          {(itemProps) => (
            <>
              <Form.Item {...itemProps('userId')} label={t('minigame.player')} extra={t('minigame.addHint')}>
                <Input inputMode="numeric" data-testid="blacklist-user" />
              </Form.Item>
              <Form.Item {...itemProps('endsAt')} label={t('minigame.endsAt')}>
                <IsoDateTimeInput showUtc aria-label={t('minigame.endsAt')} />
              </Form.Item>
              <ReasonItem itemProps={itemProps} label={t('minigame.reason')} />
            </>
          )}
        </FormDialog>
      )}
    </>
  );
}
