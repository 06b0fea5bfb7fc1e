import { MinusCircleOutlined, PlusOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import {
  type ConditionAttribute,
  type ConditionOperator,
  conditionAttributeSpecs,
  conditionAttributes,
  countryCodes,
  isListOperator,
  type PercentOperator,
  percentOperators,
  userTypes,
} from '@rookery/contracts';
import { Button, Form, Input, Select, Space, Tooltip, Typography } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { IsoDateTimeInput } from '../../crud/IsoDateTimeInput';
import { NumberInput, TextInput } from '../../crud/schema-fields';
import { currentLocale } from '../../i18n';
import { ConditionsPreview } from './ConditionsPreview';
import { type PercentValue, percentShare, percentValueFor } from './percent-input';
import { platformOptions } from './platforms';
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
  const common = {
    value,
    onChange,
    style: { minWidth: 220 },
    'data-testid': 'condition-value',
    'aria-label': t('conditions.value'),
  };
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
      return picker(platformOptions);
    case 'country':
      return picker(countries);
    case 'language':
      return list ? picker(languages, true) : <Input {...common} value={value as string} placeholder="en-US" />;
    case 'userType':
      return picker(userTypes.map((u) => ({ value: u, label: t(`conditions.userTypes.${u}`) })));
    case 'time':
      return <IsoDateTimeInput value={value as string} onChange={onChange} aria-label={t('conditions.value')} />;
    case 'count':
      return list ? picker([], true) : <NumberInput {...common} value={value as number} />;
    case 'version':
      return list ? (
        picker([], true)
      ) : (
        <Input {...common} value={value as string} placeholder={t('conditions.versionPlaceholder')} />
      );
  }
}

/** The percentage (or the lower and upper bounds of "between"), with the share of players it selects. */
function PercentInput({
  op,
  value,
  onChange,
}: {
  op: PercentOperator;
  value?: PercentValue;
  onChange?: (value: PercentValue) => void;
}) {
  const { t } = useTranslation();
  const bound = (v: number | undefined, set: (n: number | undefined) => void, testId: string, label: string) => (
    <NumberInput
      value={v}
      step={1}
      suffix="%"
      style={{ width: 120 }}
      data-testid={testId}
      aria-label={label}
      onChange={(n) => set(n ?? undefined)}
    />
  );
  const share = percentShare(op, value);
  const pair = Array.isArray(value) ? value : [undefined, undefined];
  return (
    <Space wrap size={4}>
      {op === 'between' ? (
        <>
          {bound(pair[0], (n) => onChange?.([n, pair[1]]), 'condition-percent-lower', `${t('conditions.value')} 1`)}
          <span>–</span>
          {bound(pair[1], (n) => onChange?.([pair[0], n]), 'condition-percent-upper', `${t('conditions.value')} 2`)}
        </>
      ) : (
        bound(
          typeof value === 'number' ? value : undefined,
          onChange as (n: number | undefined) => void,
          'condition-value',
          t('conditions.value'),
        )
      )}
      {share !== undefined && (
        <Typography.Text type="secondary">{t('conditions.percentShare', { share })}</Typography.Text>
      )}
    </Space>
  );
}

/** A rule's attribute: the shared ones, or `percent` where the editor offers it. */
type RuleAttribute = ConditionAttribute | 'percent';

function ConditionRow({
  name,
  path,
  percent,
  onRemove,
}: {
  name: number;
  /** The rules' full name in the form (the editor may sit inside another list). */
  path: (string | number)[];
  percent: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const attr = Form.useWatch([...path, name, 'attr'], form) as RuleAttribute | undefined;
  const op = Form.useWatch([...path, name, 'op'], form) as ConditionOperator | PercentOperator | undefined;
  const ops: readonly string[] = attr === 'percent' ? percentOperators : attr ? conditionAttributeSpecs[attr].ops : [];
  const attrs: RuleAttribute[] = [...conditionAttributes, ...(percent ? (['percent'] as const) : [])];
  /** A part of the rule is named by one text: shown while it is empty, and read out by screen readers. */
  const partNames = (part: 'attr' | 'op' | 'seed') => ({
    placeholder: t(`conditions.${part}`),
    'aria-label': t(`conditions.${part}`),
    'data-testid': `condition-${part}`,
  });
  return (
    <Space align="baseline" wrap data-testid="condition-row">
      <Form.Item name={[name, 'attr']} style={{ marginBottom: 0 }}>
        <Select
          style={{ width: 160 }}
          {...partNames('attr')}
          options={attrs.map((a) => ({ value: a, label: t(`conditions.attrs.${a}`) }))}
          onChange={(next: RuleAttribute) =>
            // A new attribute starts from its first operator and an empty value.
            form.setFieldValue(
              [...path, name],
              next === 'percent'
                ? { attr: next, op: percentOperators[0], seed: '' }
                : { attr: next, op: conditionAttributeSpecs[next].ops[0] },
            )
          }
        />
      </Form.Item>
      <Form.Item name={[name, 'op']} style={{ marginBottom: 0 }}>
        <Select
          style={{ width: 120 }}
          {...partNames('op')}
          options={ops.map((o) => ({ value: o, label: t(`conditions.ops.${o}`) }))}
          onChange={(next: string) => {
            const at = [...path, name, 'value'];
            const current = form.getFieldValue(at);
            if (attr === 'percent') {
              form.setFieldValue(at, percentValueFor(op as PercentOperator, next as PercentOperator, current));
              return;
            }
            // Switching between one value and a list keeps what was typed.
            const listNow = isListOperator(next as ConditionOperator);
            if (listNow && current !== undefined && !Array.isArray(current)) form.setFieldValue(at, [current]);
            if (!listNow && Array.isArray(current)) form.setFieldValue(at, current[0]);
          }}
        />
      </Form.Item>
      {attr === 'percent' && op && (
        <>
          <Form.Item name={[name, 'value']} style={{ marginBottom: 0 }}>
            <PercentInput op={op as PercentOperator} />
          </Form.Item>
          <Form.Item name={[name, 'seed']} style={{ marginBottom: 0 }}>
            <TextInput
              field={[...path, name, 'seed']}
              {...partNames('seed')}
              suffix={
                <Tooltip title={t('conditions.seedHint')}>
                  <QuestionCircleOutlined />
                </Tooltip>
              }
              style={{ width: 160 }}
            />
          </Form.Item>
        </>
      )}
      {attr && attr !== 'percent' && op && (
        <Form.Item name={[name, 'value']} style={{ marginBottom: 0 }}>
          <ValueInput attr={attr} op={op as ConditionOperator} />
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
export function ConditionsEditor({
  name = 'conditions',
  path = ['conditions'],
  percent = false,
  preview = true,
}: {
  /** The rules' name as `<Form.List>` takes it (relative to an enclosing list). */
  name?: NamePath;
  /** The same field's full name in the form. */
  path?: (string | number)[];
  /** Offer the "percent of players" rule (remote config). */
  percent?: boolean;
  /** Offer trying the rules on one player (rules at the form's top level only). */
  preview?: boolean;
} = {}) {
  const { t } = useTranslation();
  return (
    <Form.List name={name as string}>
      {(rows, { add, remove }, { errors }) => (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="conditions-editor">
          {rows.length === 0 && <Typography.Text type="secondary">{t('conditions.none')}</Typography.Text>}
          {rows.map((row) => (
            <ConditionRow
              key={row.key}
              name={row.name}
              path={path}
              percent={percent}
              onRemove={() => remove(row.name)}
            />
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} data-testid="condition-add">
            {t('conditions.add')}
          </Button>
          <Form.ErrorList errors={errors} />
          {preview && rows.length > 0 && <ConditionsPreview />}
        </Space>
      )}
    </Form.List>
  );
}
