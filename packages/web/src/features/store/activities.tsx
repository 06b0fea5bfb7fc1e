import {
  activityResource,
  activityRewardResource,
  activityTypeLabels,
  purchaseActivityKindLabels,
  purchaseActivityResource,
  purchaseItemResource,
} from '@rookery/contracts';
import { Button, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { FieldParts } from '../../crud/form-items';
import { ResourcePicker } from '../../crud/resource/ResourcePicker';
import { resourceScreen } from '../../crud/resource/screen';
import { NumberInput } from '../../crud/schema-fields';
import { currentLocale } from '../../i18n';
import { ConditionsEditor } from '../shared/ConditionsEditor';
import { RewardsEditor } from '../shared/RewardsEditor';
import { conditionsText, MoneyFields, PickerRows, rewardsText, storeConfirm } from './common';
import './texts';

/** `/purchase/product/activity` and `activityAdd`: first purchase double, spend N get rewards. */
export const purchaseActivityScreen = resourceScreen({
  resource: purchaseActivityResource,
  entity: 'store.activity.entity',
  render: {
    kind: (row) => purchaseActivityKindLabels[row.kind][currentLocale()],
    purchaseIds: (row, t) =>
      row.kind !== 'firstPurchaseDouble'
        ? '—'
        : row.purchaseIds.length
          ? row.purchaseIds.join(', ')
          : t('store.activity.everyItem'),
    spend: (row) =>
      row.spend
        ? new Intl.NumberFormat(currentLocale(), { style: 'currency', currency: row.spend.currency }).format(
            row.spend.amount,
          )
        : '—',
    rewards: (row) => (row.rewards.length ? rewardsText(row.rewards) : '—'),
    conditions: (row, t) => conditionsText(row.conditions, t),
  },
  blank: {
    kind: 'firstPurchaseDouble',
    description: '',
    purchaseIds: [],
    spend: null,
    rewards: [],
    minLevel: 0,
    conditions: [],
  },
  confirm: (after, _before, t) => storeConfirm(after.name, after.conditions, t),
  fields: ['name', 'title', 'description', 'kind', 'purchaseIds', 'spend', 'rewards', 'minLevel', 'conditions'],
  widgets: {
    purchaseIds: ({ itemProps }) => {
      const { t } = useTranslation();
      return (
        <Form.Item {...itemProps('purchaseIds')}>
          <PickerRows
            name="purchaseIds"
            resource={purchaseItemResource}
            labelOf={(p) => `${p.id} · ${p.title}`}
            numeric
            testId="purchaseActivity-item"
            addLabel={t('store.activity.addItem')}
          />
        </Form.Item>
      );
    },
    spend: (
      <FieldParts>
        <MoneyFields path={['spend']} testId="purchaseActivity-spend" />
      </FieldParts>
    ),
    rewards: <RewardsEditor name="rewards" />,
    conditions: <ConditionsEditor />,
  },
  hints: { purchaseIds: 'store.activity.itemsHint' },
  // First purchase double names its IAP items; spend N get rewards names the spend and the rewards.
  shownWhen: {
    purchaseIds: (values) => values.kind === 'firstPurchaseDouble',
    spend: (values) => values.kind === 'spendReward',
    rewards: (values) => values.kind === 'spendReward',
  },
});

/** A reward table's rows: ascending goals, each with its rewards. */
function RewardRows() {
  const { t } = useTranslation();
  return (
    <Form.List name="rows">
      {(rows, { add, remove }) => (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="reward-rows">
          {rows.map((row, i) => (
            <Space key={row.key} align="start" wrap style={{ borderBottom: '1px solid rgba(128,128,128,.25)' }}>
              <Form.Item name={[row.name, 'goal']} label={t('store.activity.goal')} style={{ marginBottom: 8 }}>
                <NumberInput style={{ width: 140 }} data-testid={`reward-goal-${i}`} />
              </Form.Item>
              <Form.Item label={t('store.rewards')} style={{ marginBottom: 8 }}>
                <RewardsEditor name={[row.name, 'rewards']} />
              </Form.Item>
              <Button danger onClick={() => remove(row.name)}>
                {t('store.price.remove')}
              </Button>
            </Space>
          ))}
          <Button
            onClick={() => add({ goal: undefined, rewards: [{ kind: 'coin', amount: 100 }] })}
            data-testid="reward-add-row"
          >
            {t('store.activity.addRow')}
          </Button>
        </Space>
      )}
    </Form.List>
  );
}

/** `/activity/reward` and `reward/edit`: the reward tables activities pay out by. */
export const activityRewardScreen = resourceScreen({
  resource: activityRewardResource,
  entity: 'store.activity.rewardEntity',
  render: {
    rows: (row, t) =>
      row.rows.map((r) => `${t('store.activity.goalShort', { goal: r.goal })}: ${rewardsText(r.rewards)}`).join('; '),
  },
  blank: { rows: [{ goal: 1, rewards: [{ kind: 'coin', amount: 100 }] }] },
  fields: ['name', 'title', 'rows'],
  widgets: { rows: <RewardRows /> },
});

/** `/activity/list` and `edit`: the game's activities, published to the game's content. */
export const activityScreen = resourceScreen({
  resource: activityResource,
  entity: 'store.activity.gameEntity',
  render: {
    type: (row) => activityTypeLabels[row.type][currentLocale()],
  },
  blank: { type: 'event', description: '', minLevel: 0, order: 0 },
  fields: ['name', 'title', 'description', 'type', 'rewardTable', 'minLevel', 'order'],
  widgets: {
    rewardTable: (
      <ResourcePicker
        resource={activityRewardResource}
        labelOf={(r) => `${r.name} · ${r.title}`}
        style={{ maxWidth: 360 }}
        testId="activity-rewardTable"
      />
    ),
  },
});
