import { Button, Card, Form, type FormInstance, Input, Select, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceClass } from '../ui/device';
import { type Field, wordsText } from './fields';
import { ResourcePicker } from './resource/ResourcePicker';
import { TimeRangeInput } from './TimeRangeInput';
import './kit-texts';
import { NumberInput } from './schema-fields';

type NumberRange = [number | null, number | null];

/** A minimum and a maximum, each optional; usable as a `<Form.Item>` control. */
function NumberRangeInput({
  value,
  onChange,
  id,
}: {
  value?: NumberRange;
  onChange?: (value: NumberRange | undefined) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const [low, high] = value ?? [null, null];
  const set = (next: NumberRange) => onChange?.(next.every((v) => v === null) ? undefined : next);
  return (
    <Space.Compact>
      <NumberInput
        id={id}
        value={low}
        placeholder={t('list.min')}
        aria-label={t('list.min')}
        onChange={(v) => set([v ?? null, high])}
      />
      <NumberInput
        value={high}
        placeholder={t('list.max')}
        aria-label={t('list.max')}
        onChange={(v) => set([low, v ?? null])}
      />
    </Space.Compact>
  );
}

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
          <Form.Item key={f.name} name={f.name} label={wordsText(t, f.title)}>
            {f.search === 'timeRange' ? (
              <TimeRangeInput style={stacked ? { width: '100%' } : undefined} />
            ) : f.search === 'numberRange' ? (
              <NumberRangeInput />
            ) : f.search === 'reference' && f.reference ? (
              <ResourcePicker
                resource={f.reference}
                style={stacked ? { width: '100%' } : { minWidth: 180 }}
                testId={`filter-${f.name}`}
              />
            ) : f.search === 'select' ? (
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                style={stacked ? { width: '100%' } : { minWidth: 140 }}
                data-testid={`filter-${f.name}`}
                options={f.options?.map((o) => ({ value: o.value, label: wordsText(t, o.label) }))}
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
