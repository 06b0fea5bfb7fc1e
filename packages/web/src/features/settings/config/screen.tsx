import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type ConfigField,
  type ConfigValueType,
  configEventState,
  configEventStateLabels,
  configResource,
  configValueTypeLabels,
  configValueTypes,
} from '@rookery/contracts';
import { Button, Card, Form, type FormInstance, Select, Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../crud/Consequence';
import { IconButton } from '../../../crud/IconButton';
import { IsoDateTimeInput } from '../../../crud/IsoDateTimeInput';
import { resourceScreen } from '../../../crud/resource/screen';
import { ValueView } from '../../../crud/resource/ValueView';
import { currentLocale } from '../../../i18n';
import { blankValueOf, ValueEditor } from '../../shared/ValueEditor';
import { ConditionalValues } from './ConditionalValues';
import './texts';
import { LongText, TextInput } from '../../../crud/schema-fields';

const stateColors = { scheduled: 'gold', active: 'green', expired: 'default' } as const;

/** An event config's state tag (the browser's clock: display only; the game uses the server's). */
export function EventStateTag({ event }: { event: { effectiveAt?: string; expireAt?: string } }) {
  if (!event.effectiveAt || !event.expireAt) return null;
  const state = configEventState(event as { effectiveAt: string; expireAt: string }, Date.now());
  return (
    <Tag color={stateColors[state]} data-testid={`event-state-${state}`}>
      {configEventStateLabels[state][currentLocale()]}
    </Tag>
  );
}

export const typeTag = (type: ConfigValueType) => <Tag>{configValueTypeLabels[type][currentLocale()]}</Tag>;

/** The values a change of type would replace: each with where it is, when it is not already blank. */
function typedValues(form: FormInstance, type: ConfigValueType, t: TFunction): { where: string; value: unknown }[] {
  const blank = JSON.stringify(blankValueOf(type));
  const kept = (value: unknown) => value !== undefined && value !== null && JSON.stringify(value) !== blank;
  const values = (form.getFieldValue('values') ?? []) as ConfigField['values'];
  const events = (form.getFieldValue('events') ?? []) as ConfigField['events'];
  const named = (label: string | undefined, i: number) => label || t('settings.config.retype.valueN', { n: i + 1 });
  return [
    { where: t('settings.config.defaultValue'), value: form.getFieldValue('defaultValue') },
    ...values.map((v, i) => ({ where: named(v.label, i), value: v.value })),
    ...events.flatMap((e) =>
      (e.values ?? []).map((v, i) => ({ where: `${e.name} · ${named(v.label, i)}`, value: v.value })),
    ),
  ].filter((v) => kept(v.value));
}

/** A new type: the default and every conditional value start again from that type's blank. */
function retype(form: FormInstance, type: ConfigValueType) {
  const blank = blankValueOf(type);
  const values = (form.getFieldValue('values') ?? []) as ConfigField['values'];
  const events = (form.getFieldValue('events') ?? []) as ConfigField['events'];
  form.setFieldsValue({
    defaultValue: blank,
    values: values.map((v) => ({ ...v, value: blank })),
    events: events.map((e) => ({ ...e, values: (e.values ?? []).map((v) => ({ ...v, value: blank })) })),
  });
}

function EventConfigs({ type }: { type: ConfigValueType }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  return (
    <Form.List name="events">
      {(rows, { add, remove }, { errors }) => (
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="event-configs">
          {rows.length === 0 && <Typography.Text type="secondary">{t('settings.config.noEvents')}</Typography.Text>}
          {rows.map((row, i) => (
            <Card
              key={row.key}
              data-testid="event-config"
              title={
                <Space wrap>
                  {t('settings.config.eventN', { n: i + 1 })}
                  <Form.Item noStyle shouldUpdate>
                    {() => <EventStateTag event={form.getFieldValue(['events', row.name]) ?? {}} />}
                  </Form.Item>
                </Space>
              }
              extra={
                <IconButton
                  danger
                  icon={<DeleteOutlined />}
                  label={t('settings.config.remove')}
                  onClick={() => remove(row.name)}
                />
              }
            >
              <Form.Item name={[row.name, 'name']} label={t('settings.config.eventName')} required>
                <TextInput field={['events', row.name, 'name']} data-testid="event-name" />
              </Form.Item>
              <Space wrap align="start">
                <Form.Item name={[row.name, 'effectiveAt']} label={t('settings.config.effectiveAt')} required>
                  <IsoDateTimeInput showUtc testId="event-effective" />
                </Form.Item>
                <Form.Item name={[row.name, 'expireAt']} label={t('settings.config.expireAt')} required>
                  <IsoDateTimeInput showUtc testId="event-expire" />
                </Form.Item>
              </Space>
              <Form.Item label={t('settings.config.values')}>
                <ConditionalValues
                  name={[row.name, 'values']}
                  path={['events', row.name, 'values']}
                  type={type}
                  testId="event-values"
                />
              </Form.Item>
            </Card>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            data-testid="event-add"
            onClick={() => add({ name: '', values: [{ label: '', conditions: [], value: blankValueOf(type) }] })}
          >
            {t('settings.config.addEvent')}
          </Button>
          <Form.ErrorList errors={errors} />
        </Space>
      )}
    </Form.List>
  );
}

/** Remote config fields (`/setting/config/list`, `/setting/config/edit`) on the resource kit. */
export const configScreen = resourceScreen({
  resource: configResource,
  entity: 'settings.config.entity',
  labels: {
    name: 'settings.config.name',
    type: 'settings.config.type',
    defaultValue: 'settings.config.defaultValue',
    description: 'settings.config.description',
    values: 'settings.config.values',
    events: 'settings.config.events',
  },
  render: {
    type: (row) => typeTag(row.type),
    defaultValue: (row) => <ValueView value={row.defaultValue} compact={row.type === 'json'} />,
    values: (row) => new Intl.NumberFormat(currentLocale()).format(row.values.length),
    events: (row) =>
      row.events.length === 0 ? (
        <Typography.Text type="secondary">-</Typography.Text>
      ) : (
        <Space orientation="vertical" size={2}>
          {row.events.map((e) => (
            <Space key={e.name} size={4} wrap>
              <span>{e.name}</span>
              <EventStateTag event={e} />
            </Space>
          ))}
        </Space>
      ),
  },
  blank: { type: 'string', defaultValue: '', description: '', values: [], events: [] },
  // Served to the game per player: a save is a publication, confirmed with its diff.
  publishes: true,
  Form: ({ itemProps, editing, form }) => {
    const { t } = useTranslation();
    const askFirst = useConfirm();
    const type = (Form.useWatch('type', form) ?? 'string') as ConfigValueType;
    return (
      <>
        <Form.Item {...itemProps('name')}>
          <TextInput field="name" disabled={editing} data-testid="config-name" />
        </Form.Item>
        <Form.Item {...itemProps('type')}>
          <Select
            options={configValueTypes.map((v) => ({ value: v, label: configValueTypeLabels[v][currentLocale()] }))}
            style={{ maxWidth: 240 }}
            data-testid="config-type"
            onChange={async (next: ConfigValueType) => {
              // A value typed for one type is never silently turned into another's blank: the
              // operator sees what would be replaced and may keep the old type.
              const replaced = typedValues(form, type, t);
              if (replaced.length === 0) return retype(form, next);
              const typeName = configValueTypeLabels[next][currentLocale()];
              const confirmed = await askFirst({
                title: t('settings.config.retype.title', { type: typeName }),
                content: t('settings.config.retype.body', { n: replaced.length, type: typeName }),
                rows: replaced.map((r) => ({ label: r.where, value: <ValueView value={r.value} compact /> })),
                okText: t('settings.config.retype.ok', { type: typeName }),
              });
              if (confirmed) retype(form, next);
              else form.setFieldValue('type', type);
            }}
          />
        </Form.Item>
        <Form.Item {...itemProps('defaultValue')} key={type} required>
          <ValueEditor type={type} testId="config-default" />
        </Form.Item>
        <Form.Item {...itemProps('description')}>
          <LongText field="description" />
        </Form.Item>
        <Form.Item label={t('settings.config.values')} extra={t('settings.config.valuesHint')}>
          <ConditionalValues name="values" path={['values']} type={type} testId="config-values" />
        </Form.Item>
        <Form.Item label={t('settings.config.events')} extra={t('settings.config.eventsHint')}>
          <EventConfigs type={type} />
        </Form.Item>
      </>
    );
  },
});
