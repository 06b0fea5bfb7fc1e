import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { gameLabel, type Reward, resourceKinds } from '@rookery/contracts';
import { Button, Form, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumberIn } from '../../crud/number-format';
import { currentLocale } from '../../i18n';
import './texts';
import { NumberInput } from '../../crud/schema-fields';

/**
 * The rewards of a mail, a reward template, a gift code…: rows of a resource kind of the game
 * catalogue and a positive amount. Place it inside a `<Form>`; `name` is the list field;
 * `addLabel` names the add button where the rows are not rewards (a deduction's items).
 */
export function RewardsEditor({
  name = 'reward',
  addLabel,
}: {
  /** The list field, or its path inside an enclosing `Form.List` row (`[row.name, 'rewards']`). */
  name?: string | (string | number)[];
  addLabel?: string;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const options = resourceKinds.map((kind) => ({ value: kind, label: gameLabel(kind, locale) }));
  return (
    <Form.List name={name}>
      {(rows, { add, remove }, { errors }) => (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid={`rewards-${[name].flat().join('-')}`}>
          {rows.map((row) => (
            <Space key={row.key} align="baseline" wrap>
              <Form.Item name={[row.name, 'kind']} style={{ marginBottom: 0 }}>
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('rewards.kind')}
                  aria-label={t('rewards.kind')}
                  options={options}
                  style={{ width: 220 }}
                  data-testid="reward-kind"
                />
              </Form.Item>
              <Form.Item name={[row.name, 'amount']} style={{ marginBottom: 0 }}>
                <NumberInput
                  placeholder={t('rewards.amount')}
                  aria-label={t('rewards.amount')}
                  data-testid="reward-amount"
                />
              </Form.Item>
              <Button
                type="text"
                icon={<MinusCircleOutlined />}
                aria-label={t('rewards.remove')}
                onClick={() => remove(row.name)}
              />
            </Space>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={(event) => {
              add({ amount: 1 } satisfies Partial<Reward>);
              // The focus goes to the new row's first field, not the page's body (issue 41 item 7).
              const list = event.currentTarget.closest('[data-testid^="rewards-"]');
              requestAnimationFrame(() => {
                const kinds = list?.querySelectorAll<HTMLElement>(
                  '[data-testid="reward-kind"] input, input[data-testid="reward-kind"]',
                );
                kinds?.[kinds.length - 1]?.focus();
              });
            }}
          >
            {addLabel ?? t('rewards.add')}
          </Button>
          <Form.ErrorList errors={errors} />
        </Space>
      )}
    </Form.List>
  );
}

/** Rewards as one line of text: "Gems ×10, Coins ×500". */
export function rewardsText(rewards: readonly { kind: string; amount: number }[] | null | undefined): string {
  if (!rewards?.length) return '-';
  const locale = currentLocale();
  return rewards.map((r) => `${gameLabel(r.kind, locale)} ×${formatNumberIn(r.amount, locale)}`).join(', ');
}
