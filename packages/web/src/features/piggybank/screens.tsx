import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { gameLabel, piggyBankResource } from '@rookery/contracts';
import { Button, Form, Input, Space } from 'antd';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceRoutePages } from '../../crud/resource/pages';
import { resourceScreen } from '../../crud/resource/screen';
import { NumberInput } from '../../crud/schema-fields';
import { currentLocale } from '../../i18n';
import './texts';
import { PurchaseItemPicker } from '../shared/PurchaseItemPicker';

/** The fill rules: child rows of a game event's name and what one event adds. */
function RulesEditor() {
  const { t } = useTranslation();
  return (
    <Form.List name="rules">
      {(rows, { add, remove }, { errors }) => (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="piggy-rules">
          {rows.map((row) => (
            <Space key={row.key} align="baseline" wrap>
              <Form.Item name={[row.name, 'event']} style={{ marginBottom: 0 }}>
                <Input
                  placeholder={t('piggyBank.event')}
                  aria-label={t('piggyBank.event')}
                  style={{ width: 220 }}
                  data-testid="piggy-rule-event"
                />
              </Form.Item>
              <Form.Item name={[row.name, 'amount']} style={{ marginBottom: 0 }}>
                <NumberInput
                  placeholder={t('piggyBank.amount')}
                  aria-label={t('piggyBank.amount')}
                  data-testid="piggy-rule-amount"
                />
              </Form.Item>
              <Button
                type="text"
                icon={<MinusCircleOutlined />}
                aria-label={t('piggyBank.removeRule')}
                onClick={() => remove(row.name)}
              />
            </Space>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ amount: 1 })} data-testid="piggy-add-rule">
            {t('piggyBank.addRule')}
          </Button>
          <Form.ErrorList errors={errors} />
        </Space>
      )}
    </Form.List>
  );
}

/** `/purchase/product/piggyBank`, `piggyBankAdd`, `piggyBankEdit/:id`: the piggy banks. */
export const piggyBankScreen = resourceScreen({
  resource: piggyBankResource,
  entity: 'piggyBank.entity',
  render: {
    resource: (row) => gameLabel(row.resource, currentLocale()),
    rules: (row) => row.rules.map((r) => `${r.event} +${r.amount}`).join(', '),
  },
  blank: { resource: 'gem', rules: [{ event: '', amount: 10 }], cap: 1000 },
  fields: ['name', ['titleZh', 'titleEn'], 'resource', 'rules', 'cap', 'purchaseId'],
  widgets: { rules: <RulesEditor />, purchaseId: <PurchaseItemPicker testId="piggy-item" /> },
  hints: { rules: 'piggyBank.rulesHint', purchaseId: 'piggyBank.purchaseHint' },
});

export const piggyBankPages: Record<string, ComponentType> = resourceRoutePages(piggyBankScreen);
