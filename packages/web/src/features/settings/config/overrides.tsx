import { type ConfigField, type ConfigValueType, configOverrideResource, configResource } from '@rookery/contracts';
import { Form, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../../api/endpoint-query';
import { formatTime } from '../../../crud/format';
import { IsoDateTimeInput } from '../../../crud/IsoDateTimeInput';
import { endpointsOf } from '../../../crud/resource/endpoints';
import { ResourcePicker } from '../../../crud/resource/ResourcePicker';
import { resourceScreen } from '../../../crud/resource/screen';
import { ValueView } from '../../../crud/resource/ValueView';
import { blankValueOf, ValueEditor } from '../../shared/ValueEditor';
import { typeTag } from './screen';
import './texts';
import { LongText, TextInput } from '../../../crud/schema-fields';

/** An override's end, with whether it still applies (the browser's clock: display only). */
export function OverrideEnd({ endAt, active }: { endAt: string; active?: boolean }) {
  const { t } = useTranslation();
  const on = active ?? Date.parse(endAt) > Date.now();
  return (
    <Space size={4} wrap>
      <span>{formatTime(endAt)}</span>
      <Tag color={on ? 'green' : 'default'} data-testid={`override-${on ? 'active' : 'ended'}`}>
        {t(`settings.configOverride.state.${on ? 'active' : 'ended'}`)}
      </Tag>
    </Space>
  );
}

/** User IDs typed as tags become numbers; anything else stays as typed, for the schema to flag. */
export const userIdsFromTags = (tags: unknown): unknown =>
  Array.isArray(tags) ? tags.map((v) => (typeof v === 'string' && /^\d{1,16}$/.test(v.trim()) ? Number(v) : v)) : tags;

/** Where the value editor appears once a field is chosen (its type decides the editor). */
function PickFieldFirst() {
  const { t } = useTranslation();
  return <Typography.Text type="secondary">{t('settings.configOverride.pickField')}</Typography.Text>;
}

/** The type of the config field an override pins (read once it is picked). */
function useFieldType(field: string | undefined): ConfigValueType | undefined {
  const item = useEndpointQuery(
    endpointsOf(configResource).get,
    { params: { key: field ?? '' } },
    {
      enabled: Boolean(field),
    },
  );
  return field ? (item.data as ConfigField | undefined)?.type : undefined;
}

/** Tester overrides: a field's value pinned for listed players until an end time (managed on the config list). */
export const overrideScreen = resourceScreen({
  resource: configOverrideResource,
  entity: 'settings.configOverride.entity',
  labels: {
    name: 'settings.configOverride.name',
    field: 'settings.configOverride.field',
    userIds: 'settings.configOverride.userIds',
    value: 'settings.configOverride.value',
    endAt: 'settings.configOverride.endAt',
    description: 'settings.configOverride.description',
  },
  render: {
    userIds: (row) => <span style={{ overflowWrap: 'anywhere' }}>{row.userIds.join(', ')}</span>,
    value: (row) => <ValueView value={row.value} compact={typeof row.value === 'object'} />,
    endAt: (row) => <OverrideEnd endAt={row.endAt} />,
  },
  blank: { userIds: [], description: '' },
  // A pinned value reaches the listed players at their next fetch.
  publishes: true,
  Form: ({ itemProps, editing, form }) => {
    const { t } = useTranslation();
    const field = Form.useWatch('field', form) as string | undefined;
    const type = useFieldType(field);
    // Another field of another type: the value starts again from that type's blank.
    const shownType = useRef(type);
    useEffect(() => {
      if (type && shownType.current && type !== shownType.current) form.setFieldValue('value', blankValueOf(type));
      if (type) shownType.current = type;
    }, [type, form]);
    return (
      <>
        <Form.Item {...itemProps('name')}>
          <TextInput field="name" disabled={editing} data-testid="override-name" />
        </Form.Item>
        <Form.Item {...itemProps('field')} extra={type ? typeTag(type) : undefined}>
          <ResourcePicker resource={configResource} testId="override-field" />
        </Form.Item>
        {type ? (
          <Form.Item {...itemProps('value')} key={type} required>
            <ValueEditor type={type as ConfigValueType} testId="override-value" />
          </Form.Item>
        ) : (
          <Form.Item {...itemProps('value')} required>
            <PickFieldFirst />
          </Form.Item>
        )}
        <Form.Item
          {...itemProps('userIds')}
          extra={t('settings.configOverride.userIdsHint')}
          normalize={userIdsFromTags}
        >
          <Select mode="tags" open={false} tokenSeparators={[',', ' ', '，']} data-testid="override-users" />
        </Form.Item>
        <Form.Item {...itemProps('endAt')}>
          <IsoDateTimeInput showUtc testId="override-end" />
        </Form.Item>
        <Form.Item {...itemProps('description')}>
          <LongText field="description" />
        </Form.Item>
      </>
    );
  },
});
