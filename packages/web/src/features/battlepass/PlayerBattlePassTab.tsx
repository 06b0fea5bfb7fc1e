import { battlePassEndpoints, type EndpointResponse } from '@rookery/contracts';
import { App, Descriptions, Form, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useMayCall } from '../../access/useCan';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpoint-query';
import { actionColumn, type RowAction, useConfirmThen } from '../../crud/actions';
import { FormDialog } from '../../crud/FormDialog';
import type { Field } from '../../crud/fields';
import { formatNumber } from '../../crud/format';
import { listColumns } from '../../crud/ListPage';
import { SmallTable } from '../../crud/SmallTable';
import { NumberInput } from '../../crud/schema-fields';
import { seasonStateOptions, trackLabel } from './fields';
import './texts';

type Progress = EndpointResponse<typeof battlePassEndpoints.getPlayerBattlePass>['list'][number];

/** The grant's form: the XP to give (the endpoint's own rule on it). */
const grantSchema = z.object({ xp: battlePassEndpoints.grantBattlePassXp.body!.shape.xp });

/**
 * A player's battle-pass progress per season: XP, level, premium, what was claimed. An operator
 * may grant XP (a dialog that says to whom and in which season) or reset the progress
 * (confirmed); both audited, and the game sees them at once.
 */
export default function PlayerBattlePassTab({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const mayCall = useMayCall();
  const grant = useEndpointMutation(battlePassEndpoints.grantBattlePassXp);
  const reset = useEndpointMutation(battlePassEndpoints.resetBattlePassProgress);
  const [granting, setGranting] = useState<Progress>();
  const confirmThen = useConfirmThen();
  const fields: Field<Progress>[] = [
    { name: 'seasonName', title: 'battlePass.name' },
    { name: 'state', title: 'battlePass.state', options: seasonStateOptions },
    {
      name: 'xp',
      title: 'battlePass.xp',
      kind: 'number',
      render: (row) => <span data-testid={`battle-pass-xp-${row.seasonId}`}>{formatNumber(row.xp)}</span>,
    },
    {
      name: 'level',
      title: 'battlePass.levelCount',
      render: (row) => <span data-testid={`battle-pass-level-${row.seasonId}`}>{`${row.level} / ${row.levels}`}</span>,
    },
    {
      name: 'premium',
      title: 'battlePass.premiumHeld',
      render: (row) => (row.premium ? <Tag color="gold">{t('battlePass.yes')}</Tag> : t('battlePass.no')),
    },
    {
      name: 'claims',
      title: 'battlePass.claims',
      render: (row) =>
        row.claims.length
          ? row.claims.map((c) => t('battlePass.claimText', { level: c.level, track: trackLabel(c.track) })).join(', ')
          : t('battlePass.claimsNone'),
    },
  ];
  const progress = useEndpointQuery(battlePassEndpoints.getPlayerBattlePass, { params: { userId } });
  const rowActions = (row: Progress): RowAction<Progress>[] => [
    ...(mayCall(battlePassEndpoints.grantBattlePassXp)
      ? [{ key: 'grant', label: t('battlePass.grant'), run: () => setGranting(row) }]
      : []),
    ...(mayCall(battlePassEndpoints.resetBattlePassProgress)
      ? [
          {
            key: 'reset',
            label: t('battlePass.reset'),
            danger: true,
            confirm: () => ({
              title: t('battlePass.resetTitle', { userId, season: row.seasonName }),
              rows: [
                { label: t('battlePass.grantNow'), value: `${formatNumber(row.xp)} XP · ${row.level} / ${row.levels}` },
                { label: t('battlePass.reset'), value: t('battlePass.resetEffect') },
              ],
              okText: t('battlePass.resetOk'),
            }),
            run: async () => {
              await reset.mutateAsync({ params: { userId }, body: { seasonId: row.seasonId } });
              void message.success(t('battlePass.resetDone'));
            },
          },
        ]
      : []),
  ];
  return (
    <>
      <SmallTable<Progress>
        rowKey="seasonId"
        loading={progress.isLoading}
        dataSource={progress.data?.list ?? []}
        locale={{ emptyText: t('battlePass.none') }}
        data-testid="player-battle-pass"
        columns={[
          ...listColumns(fields, t),
          actionColumn<Progress>({ t, detail: false, rowActions, onDetail: () => undefined, confirmThen }),
        ]}
      />
      {granting && (
        <FormDialog
          name="battle-pass-grant"
          title={t('battlePass.grantTitle', { userId, season: granting.seasonName })}
          okText={t('battlePass.grantOk')}
          schema={grantSchema}
          submit={async ({ xp }) => {
            await grant.mutateAsync({ params: { userId }, body: { seasonId: granting.seasonId, xp } });
            void message.success(t('battlePass.grantDone', { xp: formatNumber(xp) }));
          }}
          onClose={() => setGranting(undefined)}
        >
          {(itemProps) => (
            <>
              <Descriptions
                size="small"
                column={1}
                style={{ marginBottom: 16 }}
                items={[
                  {
                    key: 'now',
                    label: t('battlePass.grantNow'),
                    children: `${formatNumber(granting.xp)} XP · ${granting.level} / ${granting.levels}`,
                  },
                ]}
              />
              <Form.Item {...itemProps('xp')} label={t('battlePass.grantAmount')}>
                <NumberInput style={{ width: 200 }} data-testid="battle-pass-grant-xp" />
              </Form.Item>
            </>
          )}
        </FormDialog>
      )}
    </>
  );
}
