import { type ConstantType, constantResource, constantTypeLabels, constantTypes } from '@rookery/contracts';
import { Form, Select, Tag } from 'antd';
import { resourceScreen } from '../../crud/resource/screen';
import { ValueView } from '../../crud/resource/ValueView';
import { currentLocale } from '../../i18n';
import { blankValueOf, ValueEditor } from '../shared/ValueEditor';
import './texts';
import { LongText, TextInput } from '../../crud/schema-fields';

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
    return (
      <>
        <Form.Item {...itemProps('name')}>
          <TextInput field="name" disabled={editing} data-testid="constant-name" />
        </Form.Item>
        <Form.Item {...itemProps('type')}>
          <Select
            options={typeOptions()}
            style={{ maxWidth: 240 }}
            onChange={(type: ConstantType) => form.setFieldValue('value', blankValueOf(type))}
          />
        </Form.Item>
        <Form.Item noStyle dependencies={['type']}>
          {({ getFieldValue }) => (
            <Form.Item {...itemProps('value')} key={getFieldValue('type')}>
              <ValueEditor type={getFieldValue('type')} testId="constant-value" />
            </Form.Item>
          )}
        </Form.Item>
        <Form.Item {...itemProps('description')}>
          <LongText field="description" />
        </Form.Item>
      </>
    );
  },
});
