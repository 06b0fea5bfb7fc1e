import type { Resource, StoredConditionRule } from '@rookery/contracts';
import { Button, Form, Input, Space, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ResourcePicker } from '../../crud/resource/ResourcePicker';
import type { ResourceConfirmation } from '../../crud/resource/screen';
import { NumberInput } from '../../crud/schema-fields';
import { ConditionsAudience } from '../shared/ConditionsAudience';
import './texts';

/** What the store's screens share: reward and condition cells, the currency box, the publish confirmation. */

export { rewardsText } from '../shared/RewardsEditor';
export const conditionsText = (conditions: unknown[], t: TFunction) =>
  conditions.length ? t('store.conditionsCount', { count: conditions.length }) : t('store.noConditions');

/** A currency code box (ISO 4217, upper-cased as typed). */
export function CurrencyInput(props: { value?: string; onChange?: (v: string) => void; id?: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Input
      id={props.id}
      value={props.value}
      onChange={(e) => props.onChange?.(e.target.value.toUpperCase())}
      aria-label={t('store.price.currency')}
      placeholder="USD"
      maxLength={3}
      style={{ width: 100 }}
      data-testid={props.testId}
    />
  );
}

/** A price: its currency and amount (at most two decimals) at `path` of the form (`<testId>-currency`, `<testId>-amount`). */
export function MoneyFields({ path, testId }: { path: (string | number)[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name={[...path, 'currency']} noStyle>
        <CurrencyInput testId={`${testId}-currency`} />
      </Form.Item>
      <Form.Item name={[...path, 'amount']} noStyle>
        <NumberInput aria-label={t('store.price.amount')} style={{ width: 160 }} data-testid={`${testId}-amount`} />
      </Form.Item>
    </>
  );
}

/**
 * The confirmation of a save that changes what players see in the store: it is live at once
 * (inside its window), and how many players its conditions select now.
 */
export function storeConfirm(key: string, conditions: StoredConditionRule[], t: TFunction): ResourceConfirmation {
  return {
    title: t('store.publish.title', { key }),
    okText: t('store.publish.ok'),
    statement: (
      <Space orientation="vertical" size={4} data-testid="store-publish-statement">
        <Typography.Text>{t('store.publish.statement')}</Typography.Text>
        <ConditionsAudience conditions={conditions} testId="store-publish-audience" />
        <Typography.Text type="secondary">{t('store.publish.gates')}</Typography.Text>
      </Space>
    ),
  };
}

/** A numbered key (an IAP item's id) in a picker that works with text keys. */
export const numericKey = {
  getValueProps: (v: unknown) => ({ value: v === undefined || v === null ? undefined : String(v) }),
  normalize: (v: unknown) => (v ? Number(v) : undefined),
};

/**
 * Rows of a list field, each naming an item of `resource` picked a page at a time: a store's
 * slots (`field: 'product'`, in order) or an activity's IAP items (numbered keys).
 */
export function PickerRows({
  name,
  field,
  resource,
  labelOf,
  numeric,
  ordered,
  rowLabel,
  testId,
  addLabel,
}: {
  name: string;
  /** The row's field holding the key; none: the row is the key. */
  field?: string;
  resource: Resource;
  labelOf: (row: Record<string, unknown>) => string;
  numeric?: boolean;
  /** Rows can move up and down. */
  ordered?: boolean;
  rowLabel?: (i: number) => string;
  /** `<testId>s` on the rows, `<testId>-<i>` on each picker, `<testId>-add` on the add button. */
  testId: string;
  addLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <Form.List name={name}>
      {(rows, { add, remove, move }) => (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid={`${testId}s`}>
          {rows.map((row, i) => (
            <Space key={row.key} align="baseline" wrap>
              {rowLabel && <span>{rowLabel(i)}</span>}
              <Form.Item
                name={field ? [row.name, field] : row.name}
                style={{ marginBottom: 0 }}
                {...(numeric ? numericKey : {})}
              >
                <ResourcePicker
                  resource={resource}
                  labelOf={labelOf}
                  style={{ width: 300 }}
                  testId={`${testId}-${i}`}
                />
              </Form.Item>
              {ordered && (
                <>
                  <Button disabled={i === 0} onClick={() => move(i, i - 1)}>
                    {t('store.shop.up')}
                  </Button>
                  <Button disabled={i === rows.length - 1} onClick={() => move(i, i + 1)}>
                    {t('store.shop.down')}
                  </Button>
                </>
              )}
              <Button danger onClick={() => remove(row.name)}>
                {t('store.price.remove')}
              </Button>
            </Space>
          ))}
          <Button onClick={() => add(field ? { [field]: undefined } : undefined)} data-testid={`${testId}-add`}>
            {addLabel}
          </Button>
        </Space>
      )}
    </Form.List>
  );
}
