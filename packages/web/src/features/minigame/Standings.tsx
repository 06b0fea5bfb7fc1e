import { type EndpointResponse, leaderboardEndpoints, pathTo, type Standing } from '@rookery/contracts';
import { App, Button, Card, Form, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMayCall } from '../../access/useCan';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpoint-query';
import { useConfirmThen } from '../../crud/actions';
import { FormDialog } from '../../crud/FormDialog';
import { ReasonItem } from '../../crud/form-items';
import { formatNumber, formatTime } from '../../crud/format';
import { SmallTable } from '../../crud/SmallTable';
import './texts';

type Standings = EndpointResponse<typeof leaderboardEndpoints.leaderboardStandings>;

export const playerLink = (userId: number) => (
  <Link to={pathTo('gameUserDetail', undefined, { userId })}>{userId}</Link>
);

/**
 * A board's live standings: its top N (the server's order: score, then sub-score, then the
 * earliest submission), where they are kept (Redis or PostgreSQL), a player's rank with the
 * players around them; remove a score (with a reason) and rebuild the Redis standings.
 */
export function StandingsCard({ board, limit = 20 }: { board: string; limit?: number }) {
  const { t } = useTranslation();
  const [userId, setUserId] = useState<string>('');
  const [removing, setRemoving] = useState<Standing>();
  const mayCall = useMayCall();
  const mayEdit = mayCall(leaderboardEndpoints.removeLeaderboardScore);
  const standings = useEndpointQuery(leaderboardEndpoints.leaderboardStandings, {
    params: { board },
    query: { limit, userId: userId || undefined },
  });
  const rebuild = useEndpointMutation(leaderboardEndpoints.rebuildLeaderboard);
  const confirmThen = useConfirmThen();
  const { message } = App.useApp();
  const data: Standings | undefined = standings.data;

  const columns = [
    { key: 'rank', title: t('minigame.rank'), width: 80, render: (_: unknown, s: Standing) => formatNumber(s.rank) },
    {
      key: 'userId',
      title: t('minigame.player'),
      render: (_: unknown, s: Standing) => (
        <Space size={4}>
          {s.mock ? s.userId : playerLink(s.userId)}
          {s.mock && <Tag color="gold">{t('minigame.mockTag')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'score',
      title: t('minigame.score'),
      align: 'right' as const,
      render: (_: unknown, s: Standing) => formatNumber(s.score),
    },
    {
      key: 'subscore',
      title: t('minigame.subscore'),
      align: 'right' as const,
      render: (_: unknown, s: Standing) => formatNumber(s.subscore),
    },
    {
      key: 'submittedAt',
      title: t('minigame.submittedAt'),
      render: (_: unknown, s: Standing) => formatTime(s.submittedAt),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_: unknown, s: Standing) =>
        mayEdit ? (
          <Button type="link" danger onClick={() => setRemoving(s)} data-testid="standing-remove">
            {t('minigame.removeScore')}
          </Button>
        ) : (
          '-'
        ),
    },
  ];

  return (
    <Card
      title={t('minigame.standingsOf', { board })}
      data-testid="standings"
      extra={
        data && (
          <Space wrap>
            <Tag>{t(`minigame.store.${data.store}`)}</Tag>
            <Typography.Text>{t('minigame.period', { period: data.period })}</Typography.Text>
            {mayCall(leaderboardEndpoints.rebuildLeaderboard) && data.store === 'redis' && (
              <Button
                onClick={() =>
                  confirmThen(
                    {
                      title: t('minigame.rebuildTitle', { board }),
                      rows: [{ label: t('minigame.board'), value: board }],
                      okText: t('minigame.rebuildOk'),
                      danger: false,
                    },
                    async () => {
                      const done = await rebuild.mutateAsync({ params: { board } });
                      void message.success(t('minigame.rebuilt', { count: done.count }));
                    },
                  )
                }
              >
                {t('minigame.rebuild')}
              </Button>
            )}
          </Space>
        )
      }
    >
      <Form
        layout="inline"
        style={{ marginBottom: 12 }}
        onFinish={(v: { userId?: string }) => setUserId((v.userId ?? '').trim())}
      >
        <Form.Item name="userId" label={t('minigame.findPlayer')}>
          <Input allowClear inputMode="numeric" style={{ maxWidth: 200 }} data-testid="standings-user" />
        </Form.Item>
        <Button htmlType="submit">{t('minigame.showRank')}</Button>
      </Form>
      {userId && data && (
        <div style={{ marginBottom: 12 }} data-testid="standings-player">
          {data.player ? (
            <>
              <Typography.Paragraph strong>
                {t('minigame.playerRank', {
                  userId,
                  rank: formatNumber(data.player.rank),
                  score: formatNumber(data.player.score),
                })}
              </Typography.Paragraph>
              <SmallTable<Standing> rowKey="userId" dataSource={data.around} columns={columns} />
            </>
          ) : (
            <Typography.Text>{t('minigame.playerUnranked', { userId })}</Typography.Text>
          )}
        </div>
      )}
      <SmallTable<Standing>
        rowKey="userId"
        loading={standings.isLoading}
        dataSource={data?.entries ?? []}
        columns={columns}
        locale={{ emptyText: <Typography.Text>{t('minigame.noScores')}</Typography.Text> }}
        data-testid="standings-top"
      />
      {removing && <RemoveScoreDialog board={board} standing={removing} onClose={() => setRemoving(undefined)} />}
    </Card>
  );
}

function RemoveScoreDialog({ board, standing, onClose }: { board: string; standing: Standing; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const remove = useEndpointMutation(leaderboardEndpoints.removeLeaderboardScore);
  return (
    <FormDialog
      name="remove-score"
      title={t('minigame.removeTitle', { userId: standing.userId, board, score: formatNumber(standing.score) })}
      okText={t('minigame.removeOk')}
      danger
      // The player is the row's: the form asks only for the reason.
      schema={leaderboardEndpoints.removeLeaderboardScore.body!.pick({ reason: true })}
      onClose={onClose}
      submit={async (body) => {
        await remove.mutateAsync({ params: { board }, body: { ...body, userId: standing.userId } });
        void message.success(t('minigame.removed', { userId: standing.userId }));
      }}
    >
      {(itemProps) => <ReasonItem itemProps={itemProps} label={t('minigame.reason')} />}
    </FormDialog>
  );
}
