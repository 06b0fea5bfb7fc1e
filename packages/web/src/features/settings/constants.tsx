import { type ConstantType, constantResource, constantTypeLabels } from '@rookery/contracts';
import { Form, Tag } from 'antd';
import { resourceScreen } from '../../crud/resource/screen';
import { ValueView } from '../../crud/resource/ValueView';
import { SchemaField } from '../../crud/SchemaField';
import { currentLocale } from '../../i18n';
import { blankValueOf, ValueEditor } from '../shared/ValueEditor';
import './texts';

/** Named game constants (`/setting/constant`): a declaration, and the value edited by its type. */
export const constantScreen = resourceScreen({
  resource: constantResource,
  entity: 'settings.constant.entity',
  render: {
    type: (row) => <Tag>{constantTypeLabels[row.type][currentLocale()]}</Tag>,
    value: (row) => <ValueView value={row.value} compact={row.type === 'json'} />,
  },
  fields: ['name', 'type', 'value', 'description'],
  widgets: {
    // A new type starts from that type's blank value: a number never becomes a JSON text.
    type: ({ itemProps, form }) => (
      <SchemaField
        name="type"
        itemProps={itemProps}
        testId="constant-type"
        onChange={(type) => form.setFieldValue('value', blankValueOf(type as ConstantType))}
      />
    ),
    value: ({ itemProps }) => (
      <Form.Item noStyle dependencies={['type']}>
        {({ getFieldValue }) => (
          <Form.Item {...itemProps('value')} key={getFieldValue('type')}>
            <ValueEditor type={getFieldValue('type')} testId="constant-value" />
          </Form.Item>
        )}
      </Form.Item>
    ),
  },
  blank: { type: 'number', value: 0, description: '' },
});
