import { type ConstantType, constantResource, constantTypeLabels, constantTypes } from '@rookery/contracts';
import { Form, Input, InputNumber, Select, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceScreen } from '../../crud/resource/screen';
import { ValueView } from '../../crud/resource/ValueView';
import { currentLocale } from '../../i18n';
import './texts';

/** JSON typed as text: the form holds the parsed value; text that does not parse is flagged on the field. */
function JsonInput({ value, onChange, id }: { value?: unknown; onChange?: (v: unknown) => void; id?: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => (value === undefined ? '' : JSON.stringify(value, null, 2)));
  const [bad, setBad] = useState(false);
  return (
    <>
      <Input.TextArea
        id={id}
        rows={6}
        value={text}
        status={bad ? 'error' : undefined}
        style={{ fontFamily: 'monospace' }}
        onChange={(e) => {
          setText(e.target.value);
          try {
            onChange?.(JSON.parse(e.target.value));
            setBad(false);
          } catch {
            setBad(true);
            onChange?.(undefined);
          }
        }}
      />
      {bad && <div className="ant-form-item-explain-error">{t('settings.constant.invalidJson')}</div>}
    </>
  );
}

function ValueEditor({ type, ...props }: { type: ConstantType; value?: unknown; onChange?: (v: unknown) => void }) {
  switch (type) {
    case 'number':
      return <InputNumber {...(props as object)} style={{ width: 240 }} data-testid="constant-value" />;
    case 'boolean':
      return <Switch {...(props as object)} checked={Boolean(props.value)} data-testid="constant-value" />;
    case 'json':
      return <JsonInput {...props} />;
    default:
      return <Input {...(props as object)} data-testid="constant-value" />;
  }
}

const typeOptions = () => constantTypes.map((t) => ({ value: t, label: constantTypeLabels[t][currentLocale()] }));

/** Named game constants (`/setting/constant`): a declaration and the value editor by type. */
export const screen = resourceScreen({
  resource: constantResource,
  entity: 'settings.constant.entity',
  labels: {
    name: 'settings.constant.name',
    type: 'settings.constant.type',
    value: 'settings.constant.value',
    description: 'settings.constant.description',
  },
  render: {
    type: (row) => <Tag>{constantTypeLabels[row.type][currentLocale()]}</Tag>,
    value: (row) => <ValueView value={row.value} compact={row.type === 'json'} />,
  },
  blank: { type: 'number', value: 0, description: '' },
  Form: ({ itemProps, editing, form }) => {
    const { t } = useTranslation();
    return (
      <>
        <Form.Item {...itemProps('name')} label={t('settings.constant.name')}>
          <Input disabled={editing} maxLength={100} data-testid="constant-name" />
        </Form.Item>
        <Form.Item {...itemProps('type')} label={t('settings.constant.type')}>
          <Select
            options={typeOptions()}
            style={{ maxWidth: 240 }}
            onChange={(type: ConstantType) =>
              form.setFieldValue(
                'value',
                type === 'boolean' ? false : type === 'number' ? 0 : type === 'json' ? {} : '',
              )
            }
          />
        </Form.Item>
        <Form.Item noStyle dependencies={['type']}>
          {({ getFieldValue }) => (
            <Form.Item
              {...itemProps('value')}
              key={getFieldValue('type')}
              label={t('settings.constant.value')}
              valuePropName={getFieldValue('type') === 'boolean' ? 'checked' : 'value'}
            >
              <ValueEditor type={getFieldValue('type')} />
            </Form.Item>
          )}
        </Form.Item>
        <Form.Item {...itemProps('description')} label={t('settings.constant.description')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </>
    );
  },
});
