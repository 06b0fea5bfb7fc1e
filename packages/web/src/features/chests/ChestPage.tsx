import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type ChestSimulation,
  type ChestView,
  chestEndpoints,
  chestKinds,
  chestTableSchema,
  gameLabel,
  percentOf,
  resourceKinds,
} from '@rookery/contracts';
import { Alert, App, Button, Card, Descriptions, Form, Select, Space, Table, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMayCall } from '../../access/useCan';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpoint-query';
import { formatNumber, formatTime } from '../../crud/format';
import { NumberInput } from '../../crud/schema-fields';
import { useSchemaForm } from '../../crud/useSchemaForm';
import { currentLocale } from '../../i18n';
import { RewardsEditor, rewardsText } from '../shared/RewardsEditor';
import './texts';

type Reward = { kind: string; amount: number };
const rewardText = (r: Reward | null | undefined) => (r ? rewardsText([r]) : '');
const pct = (n: number) => `${n.toLocaleString(currentLocale(), { maximumFractionDigits: 4 })}%`;

/** The form's view of a saved table (a new one starts with one empty drop). */
const formValues = (view: ChestView | undefined) =>
  view?.table
    ? { ...view.table }
    : {
        entries: [{ reward: { kind: undefined, amount: 1 }, weight: 1 }],
        guaranteed: [],
        pityEntry: null,
        pityWithin: null,
      };

/**
 * `/purchase/product/chest`: each chest kind's drop table (entries with weights and their chances
 * as percentages, guaranteed items, pity), the odds disclosed to the game, and a seeded simulation
 * of 100,000 opens through the server's own draw function, observed against declared.
 */
export default function ChestPage() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [params, setParams] = useSearchParams();
  const kind = (chestKinds as readonly string[]).includes(params.get('kind') ?? '')
    ? (params.get('kind') as (typeof chestKinds)[number])
    : chestKinds[0];
  const tables = useEndpointQuery(chestEndpoints.listChestTables, {});
  const view = tables.data?.list.find((c) => c.kind === kind) as ChestView | undefined;
  const mayCall = useMayCall();
  const mayEdit = mayCall(chestEndpoints.saveChestTable);
  const save = useEndpointMutation(chestEndpoints.saveChestTable);
  const simulate = useEndpointMutation(chestEndpoints.simulateChest);
  const { message } = App.useApp();
  const [simulation, setSimulation] = useState<ChestSimulation | null>(null);
  const [seed, setSeed] = useState<number | null>(1);

  const { form, formProps, submitting, itemProps } = useSchemaForm(chestTableSchema, async (body) => {
    await save.mutateAsync({ params: { kind }, body });
    setSimulation(null);
    void message.success(t('chest.saved', { kind: gameLabel(kind, locale) }));
  });
  const loaded = tables.data !== undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset the form when the kind or its saved table changes
  useEffect(() => {
    if (!loaded) return;
    form.resetFields();
    form.setFieldsValue(formValues(view));
    setSimulation(null);
  }, [kind, loaded, view?.updatedAt]);

  const entries = (Form.useWatch('entries', form) ?? []) as { reward?: Partial<Reward>; weight?: number }[];
  const total = entries.reduce((sum, e) => sum + (typeof e?.weight === 'number' && e.weight > 0 ? e.weight : 0), 0);
  const options = resourceKinds.map((k) => ({ value: k, label: gameLabel(k, locale) }));
  const pityOptions = entries.map((e, i) => ({
    value: i,
    label: `${i + 1}. ${e?.reward?.kind ? `${gameLabel(e.reward.kind, locale)} ×${e.reward.amount ?? ''}` : ''}`,
  }));

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Tabs
        activeKey={kind}
        onChange={(k) => setParams({ kind: k }, { replace: true })}
        items={chestKinds.map((k) => ({ key: k, label: gameLabel(k, locale) }))}
        data-testid="chest-kinds"
      />
      <Card size="small" title={t('chest.tableTitle')} extra={t('chest.tableHint')}>
        {loaded && !view?.table && (
          <Alert type="info" showIcon title={t('chest.noTable')} style={{ marginBottom: 12 }} />
        )}
        <Form {...formProps} layout="vertical" disabled={!mayEdit} data-testid="chest-form">
          <Form.List name="entries">
            {(rows, { add, remove }) => (
              <Space orientation="vertical" style={{ width: '100%' }} data-testid="chest-entries">
                {rows.map((row) => (
                  <Space key={row.key} align="baseline" wrap data-testid="chest-entry">
                    <Form.Item
                      name={[row.name, 'reward', 'kind']}
                      label={t('chest.reward')}
                      style={{ marginBottom: 0 }}
                    >
                      <Select
                        showSearch={{ optionFilterProp: 'label' }}
                        aria-label={t('chest.reward')}
                        options={options}
                        style={{ width: 200 }}
                        data-testid="chest-entry-kind"
                      />
                    </Form.Item>
                    <Form.Item
                      name={[row.name, 'reward', 'amount']}
                      label={t('chest.amount')}
                      style={{ marginBottom: 0 }}
                    >
                      <NumberInput aria-label={t('chest.amount')} data-testid="chest-entry-amount" />
                    </Form.Item>
                    <Form.Item name={[row.name, 'weight']} label={t('chest.weight')} style={{ marginBottom: 0 }}>
                      <NumberInput aria-label={t('chest.weight')} data-testid="chest-entry-weight" />
                    </Form.Item>
                    <Form.Item label={t('chest.percent')} style={{ marginBottom: 0 }}>
                      <span data-testid="chest-entry-percent" style={{ display: 'inline-block', minWidth: 80 }}>
                        {total > 0 && typeof entries[row.name]?.weight === 'number' && entries[row.name].weight! >= 0
                          ? pct(percentOf(entries[row.name].weight as number, total))
                          : '–'}
                      </span>
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<MinusCircleOutlined />}
                      aria-label={t('chest.removeEntry')}
                      onClick={() => remove(row.name)}
                    />
                  </Space>
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ reward: { kind: undefined, amount: 1 }, weight: 1 })}
                  data-testid="chest-add-entry"
                >
                  {t('chest.addEntry')}
                </Button>
              </Space>
            )}
          </Form.List>
          <Form.Item label={t('chest.guaranteed')} style={{ marginTop: 16 }}>
            <RewardsEditor name="guaranteed" />
          </Form.Item>
          <Space wrap>
            <Form.Item {...itemProps('pityEntry')} label={t('chest.pityEntry')}>
              <Select
                allowClear
                placeholder={t('chest.pityNone')}
                options={pityOptions}
                style={{ width: 240 }}
                data-testid="chest-pity-entry"
              />
            </Form.Item>
            <Form.Item {...itemProps('pityWithin')} label={t('chest.pityWithin')}>
              <NumberInput data-testid="chest-pity-within" />
            </Form.Item>
          </Space>
          {mayEdit && (
            <div>
              <Button type="primary" htmlType="submit" loading={submitting} data-testid="chest-save">
                {t('chest.save')}
              </Button>
            </div>
          )}
        </Form>
      </Card>
      {view?.table && (
        <Card
          size="small"
          title={t('chest.disclosed')}
          extra={view.updatedAt ? t('chest.updated', { by: view.updatedBy, at: formatTime(view.updatedAt) }) : null}
        >
          <Table
            size="small"
            pagination={false}
            rowKey={(_, i) => String(i)}
            dataSource={view.odds}
            data-testid="chest-odds"
            columns={[
              { title: t('chest.reward'), render: (_, r) => rewardText(r.reward) },
              { title: t('chest.weight'), align: 'right', render: (_, r) => formatNumber(r.weight) },
              { title: t('chest.percent'), align: 'right', render: (_, r) => pct(r.percent) },
            ]}
          />
          {view.table.guaranteed.length > 0 && (
            <p style={{ marginTop: 8 }}>
              {t('chest.guaranteed')}: {rewardsText(view.table.guaranteed)}
            </p>
          )}
          {view.table.pityEntry !== null && (
            <p data-testid="chest-pity-rule">
              {t('chest.pityOf')}:{' '}
              {t('chest.pityRule', {
                reward: rewardText(view.table.entries[view.table.pityEntry]?.reward),
                n: view.table.pityWithin,
              })}
            </p>
          )}
        </Card>
      )}
      {view?.table && (
        <Card size="small" title={t('chest.simTitle')} extra={t('chest.simHint')}>
          <Space wrap style={{ marginBottom: 12 }}>
            <span>{t('chest.seed')}</span>
            <NumberInput value={seed ?? undefined} onChange={(v) => setSeed(v ?? null)} aria-label={t('chest.seed')} />
            <Button
              type="primary"
              loading={simulate.isPending}
              data-testid="chest-simulate"
              onClick={async () =>
                setSimulation(await simulate.mutateAsync({ params: { kind }, body: { seed: seed ?? 0 } }))
              }
            >
              {t('chest.run')}
            </Button>
          </Space>
          {simulation && (
            <div data-testid="chest-simulation">
              <Descriptions
                size="small"
                column={3}
                items={[
                  { key: 'opens', label: t('chest.opens'), children: formatNumber(simulation.opens) },
                  { key: 'pity', label: t('chest.pityTriggers'), children: formatNumber(simulation.pityTriggers) },
                  ...(simulation.longestWithoutPity === null
                    ? []
                    : [
                        {
                          key: 'longest',
                          label: t('chest.longest'),
                          children: formatNumber(simulation.longestWithoutPity),
                        },
                      ]),
                ]}
              />
              <Table
                size="small"
                pagination={false}
                rowKey={(_, i) => String(i)}
                dataSource={simulation.entries}
                columns={[
                  { title: t('chest.reward'), render: (_, r) => rewardText(r.reward) },
                  { title: t('chest.declared'), align: 'right', render: (_, r) => pct(r.declared) },
                  { title: t('chest.observed'), align: 'right', render: (_, r) => pct(r.observed) },
                  {
                    title: t('chest.diff'),
                    align: 'right',
                    render: (_, r) =>
                      (r.observed - r.declared).toLocaleString(locale, {
                        maximumFractionDigits: 2,
                        signDisplay: 'always',
                      }),
                  },
                  { title: t('chest.count'), align: 'right', render: (_, r) => formatNumber(r.count) },
                ]}
              />
            </div>
          )}
        </Card>
      )}
    </Space>
  );
}
