import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ConfigValueType } from '@rookery/contracts';
import { Button, Card, Form, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../../crud/IconButton';
import { TextInput } from '../../../crud/schema-fields';
import { ConditionsEditor } from '../../shared/ConditionsEditor';
import { blankValueOf, ValueEditor } from '../../shared/ValueEditor';
import './texts';

/**
 * An ordered list of conditional values (label, conditions, value), first match wins: add,
 * remove, move up and down. `name` is the list's name as `<Form.List>` takes it (relative inside
 * an event config), `path` its full name in the form (for the rules' watchers and errors).
 */
export function ConditionalValues({
  name,
  path,
  type,
  testId,
}: {
  name: string | (string | number)[];
  path: (string | number)[];
  type: ConfigValueType;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Form.List name={name}>
      {(rows, { add, remove, move }, { errors }) => (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid={testId}>
          {rows.length === 0 && <Typography.Text type="secondary">{t('settings.config.noValues')}</Typography.Text>}
          {rows.map((row, i) => (
            <Card
              key={row.key}
              size="small"
              data-testid="conditional-value"
              title={t('settings.config.valueN', { n: i + 1 })}
              extra={
                <Space size={0}>
                  <IconButton
                    size="small"
                    icon={<ArrowUpOutlined />}
                    label={t('settings.config.moveUp')}
                    disabled={i === 0}
                    onClick={() => move(i, i - 1)}
                  />
                  <IconButton
                    size="small"
                    icon={<ArrowDownOutlined />}
                    label={t('settings.config.moveDown')}
                    disabled={i === rows.length - 1}
                    onClick={() => move(i, i + 1)}
                  />
                  <IconButton
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    label={t('settings.config.remove')}
                    onClick={() => remove(row.name)}
                  />
                </Space>
              }
            >
              <Form.Item name={[row.name, 'label']} label={t('settings.config.valueLabel')}>
                <TextInput
                  field={[...path, row.name, 'label']}
                  placeholder={t('settings.config.valueLabelPlaceholder')}
                  data-testid="conditional-value-label"
                />
              </Form.Item>
              <Form.Item label={t('settings.config.conditions')}>
                <ConditionsEditor
                  name={[row.name, 'conditions']}
                  path={[...path, row.name, 'conditions']}
                  percent
                  preview={false}
                />
              </Form.Item>
              <Form.Item name={[row.name, 'value']} key={type} label={t('settings.config.value')} required>
                <ValueEditor type={type} testId="conditional-value-value" />
              </Form.Item>
            </Card>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ label: '', conditions: [], value: blankValueOf(type) })}
            data-testid={`${testId}-add`}
          >
            {t('settings.config.addValue')}
          </Button>
          <Form.ErrorList errors={errors} />
        </Space>
      )}
    </Form.List>
  );
}
