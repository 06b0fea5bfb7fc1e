import { Button, Card, Form, type FormInstance, Input, Select, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceClass } from '../shell/device';
import type { Field } from './fields';
import { TimeRangeInput } from './TimeRangeInput';

/**
 * The search bar of a list, from the fields marked `search`. It shows `values` (the list's
 * current filters, e.g. after back or a pasted link) and submits on Enter or the search button.
 */
export function SearchForm<Row>({
  form,
  name,
  fields,
  values,
  onSearch,
  onReset,
}: {
  form: FormInstance;
  /** Form name: prefixes the field ids. */
  name: string;
  fields: Field<Row>[];
  values: Record<string, unknown>;
  onSearch: (values: Record<string, unknown>) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const searchable = fields.filter((f) => f.search);
  // On a phone the filters stack, each as wide as the screen.
  const stacked = useDeviceClass() === 'mobile';
  // The address changed (back, a link): the form follows it, emptied fields included
  // (`setFieldsValue` would keep a field whose new value is undefined).
  useEffect(() => {
    form.setFields(Object.entries(values).map(([name, value]) => ({ name, value, errors: [] })));
  }, [form, values]);
  if (!searchable.length) return null;
  return (
    <Card size="small">
      <Form
        form={form}
        name={name}
        layout={stacked ? 'vertical' : 'inline'}
        onFinish={onSearch}
        initialValues={values}
        data-testid="search-form"
      >
        {searchable.map((f) => (
          <Form.Item key={f.name} name={f.name} label={t(f.title)}>
            {f.search === 'timeRange' ? (
              <TimeRangeInput style={stacked ? { width: '100%' } : undefined} />
            ) : f.search === 'select' ? (
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                style={stacked ? { width: '100%' } : { minWidth: 140 }}
                options={f.options?.map((o) => ({ value: o.value, label: t(o.label) }))}
              />
            ) : (
              <Input allowClear />
            )}
          </Form.Item>
        ))}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('common.search')}
            </Button>
            <Button onClick={onReset}>{t('common.reset')}</Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
