import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type ConditionAttribute,
  type ConditionOperator,
  conditionAttributeSpecs,
  conditionAttributes,
  countryCodes,
  isListOperator,
  operatingSystemLabels,
  operatingSystems,
  userTypes,
} from '@rookery/contracts';
import { Button, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { IsoDateTimeInput } from '../../crud/IsoDateTimeInput';
import { currentLocale } from '../../i18n';
import { ConditionsPreview } from './ConditionsPreview';
import './texts';

/** Languages offered first; any other language tag can be typed. */
const commonLanguages = [
  'zh',
  'zh-CN',
  'zh-TW',
  'en',
  'en-US',
  'en-GB',
  'ja',
  'ko',
  'de',
  'fr',
  'es',
  'pt-BR',
  'ru',
  'th',
  'vi',
  'id',
];

function regionOptions(locale: string) {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return countryCodes.map((code) => ({ value: code, label: `${names.of(code) ?? code} (${code})` }));
}

function languageOptions(locale: string) {
  const names = new Intl.DisplayNames([locale], { type: 'language' });
  return commonLanguages.map((tag) => ({ value: tag, label: `${names.of(tag) ?? tag} (${tag})` }));
}

/** The value control that fits the attribute and operator: version text, pickers, date, number. */
function ValueInput({
  attr,
  op,
  value,
  onChange,
}: {
  attr: ConditionAttribute;
  op: ConditionOperator;
  value?: unknown;
  onChange?: (value: unknown) => void;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const list = isListOperator(op);
  const countries = useMemo(() => regionOptions(locale), [locale]);
  const languages = useMemo(() => languageOptions(locale), [locale]);
  const common = { value, onChange, style: { minWidth: 220 }, 'data-testid': 'condition-value' };
  const picker = (options: { value: string; label: string }[], tags = false) => (
    <Select
      {...common}
      mode={list ? (tags ? 'tags' : 'multiple') : undefined}
      showSearch={{ optionFilterProp: 'label' }}
      options={options}
    />
  );
  switch (conditionAttributeSpecs[attr].kind) {
    case 'os':
      return picker(operatingSystems.map((os) => ({ value: os, label: operatingSystemLabels[os] })));
    case 'country':
      return picker(countries);
    case 'language':
      return list ? picker(languages, true) : <Input {...common} value={value as string} placeholder="en-US" />;
    case 'userType':
      return picker(userTypes.map((u) => ({ value: u, label: t(`conditions.userTypes.${u}`) })));
    case 'time':
      return <IsoDateTimeInput value={value as string} onChange={onChange} />;
    case 'count':
      return list ? (
        picker([], true)
      ) : (
        <InputNumber<number> {...common} value={value as number} min={0} precision={0} />
      );
    case 'version':
      return list ? (
        picker([], true)
      ) : (
        <Input {...common} value={value as string} placeholder={t('conditions.versionPlaceholder')} />
      );
  }
}

function ConditionRow({ name, onRemove }: { name: number; onRemove: () => void }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const attr = Form.useWatch(['conditions', name, 'attr'], form) as ConditionAttribute | undefined;
  const op = Form.useWatch(['conditions', name, 'op'], form) as ConditionOperator | undefined;
  const ops = attr ? conditionAttributeSpecs[attr].ops : [];
  return (
    <Space align="baseline" wrap data-testid="condition-row">
      <Form.Item name={[name, 'attr']} style={{ marginBottom: 0 }}>
        <Select
          style={{ width: 160 }}
          placeholder={t('conditions.attr')}
          data-testid="condition-attr"
          options={conditionAttributes.map((a) => ({ value: a, label: t(`conditions.attrs.${a}`) }))}
          onChange={(next: ConditionAttribute) =>
            // A new attribute starts from its first operator and an empty value.
            form.setFieldValue(['conditions', name], { attr: next, op: conditionAttributeSpecs[next].ops[0] })
          }
        />
      </Form.Item>
      <Form.Item name={[name, 'op']} style={{ marginBottom: 0 }}>
        <Select
          style={{ width: 120 }}
          placeholder={t('conditions.op')}
          data-testid="condition-op"
          options={ops.map((o) => ({ value: o, label: t(`conditions.ops.${o}`) }))}
          onChange={(next: ConditionOperator) => {
            // Switching between one value and a list keeps what was typed.
            const current = form.getFieldValue(['conditions', name, 'value']);
            const listNow = isListOperator(next);
            if (listNow && current !== undefined && !Array.isArray(current))
              form.setFieldValue(['conditions', name, 'value'], [current]);
            if (!listNow && Array.isArray(current)) form.setFieldValue(['conditions', name, 'value'], current[0]);
          }}
        />
      </Form.Item>
      {attr && op && (
        <Form.Item name={[name, 'value']} style={{ marginBottom: 0 }}>
          <ValueInput attr={attr} op={op} />
        </Form.Item>
      )}
      <Button type="text" icon={<MinusCircleOutlined />} aria-label={t('conditions.remove')} onClick={onRemove} />
    </Space>
  );
}

/**
 * An AND of rules over player attributes, edited as rows. Used by global and comeback mail and by
 * every later area that targets players (remote config, push, announcements). Place it inside a
 * `<Form>` whose `conditions` field holds the rules.
 */
export function ConditionsEditor() {
  const { t } = useTranslation();
  return (
    <Form.List name="conditions">
      {(rows, { add, remove }, { errors }) => (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="conditions-editor">
          {rows.length === 0 && <Typography.Text type="secondary">{t('conditions.none')}</Typography.Text>}
          {rows.map((row) => (
            <ConditionRow key={row.key} name={row.name} onRemove={() => remove(row.name)} />
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} data-testid="condition-add">
            {t('conditions.add')}
          </Button>
          <Form.ErrorList errors={errors} />
          {rows.length > 0 && <ConditionsPreview />}
        </Space>
      )}
    </Form.List>
  );
}
