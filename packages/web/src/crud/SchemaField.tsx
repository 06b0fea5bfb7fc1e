import { valueLabel } from '@rookery/contracts';
import { Form, Select, Switch } from 'antd';
import { type ReactNode, useContext } from 'react';
import { currentLocale } from '../i18n';
import { IsoDateTimeInput } from './IsoDateTimeInput';
import { FormSchema, LongText, NumberInput, TextInput, widgetOf } from './schema-fields';

type ItemProps = (name: string) => Record<string, unknown>;

/**
 * One field of a form, its widget inferred from the form's schema (`widgetOf`): a screen names
 * its fields and writes a widget only for what is truly its own. The label, required mark, live
 * validation and hint come from `itemProps`; enum values read as the vocabulary names them.
 */
export function SchemaField({
  name,
  itemProps,
  disabled,
  testId,
  onChange,
  placeholder,
}: {
  name: string;
  itemProps: ItemProps;
  disabled?: boolean;
  testId?: string;
  /** Called after the form took the new value (a field that resets another). */
  onChange?: (value: unknown) => void;
  /** An example of a text field's format ("1.2.0"). */
  placeholder?: string;
}): ReactNode {
  const widget = widgetOf(useContext(FormSchema), [name]);
  const props = { disabled, 'data-testid': testId, ...(onChange ? { onChange } : {}) };
  switch (widget.kind) {
    case 'text':
      return (
        <Form.Item {...itemProps(name)}>
          <TextInput field={name} placeholder={placeholder} {...props} />
        </Form.Item>
      );
    case 'longText':
      return (
        <Form.Item {...itemProps(name)}>
          <LongText field={name} placeholder={placeholder} {...props} />
        </Form.Item>
      );
    case 'number':
      return (
        <Form.Item {...itemProps(name)}>
          <NumberInput style={{ width: 200 }} {...props} />
        </Form.Item>
      );
    case 'boolean':
      return (
        <Form.Item {...itemProps(name)} valuePropName="checked">
          <Switch {...props} />
        </Form.Item>
      );
    case 'enum':
      return (
        <Form.Item {...itemProps(name)}>
          <Select
            style={{ maxWidth: 320 }}
            options={widget.values.map((value) => ({
              value,
              label: valueLabel(name, value, currentLocale()) ?? value,
            }))}
            {...props}
          />
        </Form.Item>
      );
    case 'time':
      return (
        <Form.Item {...itemProps(name)}>
          <IsoDateTimeInput showUtc testId={testId} />
        </Form.Item>
      );
    default:
      // A developer's mistake, said where it is made: the screen must give this field a widget.
      throw new Error(`field ${name}: its schema (${widget.type ?? 'none'}) has no inferred widget; declare one`);
  }
}
