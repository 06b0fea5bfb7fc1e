import {
  type MaintenanceWindow,
  maintenanceAllowListResource,
  maintenanceWindowResource,
  operatingSystemLabels,
  operatingSystems,
} from '@rookery/contracts';
import { Form, Select, Space, Tabs, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatTime } from '../../crud/format';
import { IsoDateTimeInput } from '../../crud/IsoDateTimeInput';
import { ResourceList } from '../../crud/resource/ResourceList';
import { type ResourceFormProps, resourceScreen } from '../../crud/resource/screen';
import { WindowAffected } from './AffectedPlayers';
import { PlatformsSelect, platformsText } from './platforms';
import { bothZones, utcTime } from './times';
import './gamegate-texts';
import { LongText, TextInput } from '../../crud/schema-fields';

type WindowState = 'scheduled' | 'active' | 'ended';

/**
 * scheduled / active / ended by the browser's clock, for the save's confirmation only; the list
 * shows the state the server computes at its clock (`list.computed.state`).
 */
export function maintenanceState(w: { startAt: string; endAt: string }, now = Date.now()): WindowState {
  if (Date.parse(w.startAt) > now) return 'scheduled';
  return Date.parse(w.endAt) > now ? 'active' : 'ended';
}

/** `Players on iOS (version ≥ 1.2)`: who a window closes the game for. */
export function maintenanceAudience(
  w: Pick<MaintenanceWindow, 'platforms' | 'minVersion' | 'maxVersion'>,
  t: TFunction,
) {
  const platforms = w.platforms ?? [];
  const who =
    platforms.length === 0 || platforms.length === operatingSystems.length
      ? t('gate.maintenance.audienceAll')
      : t('gate.maintenance.audiencePlatforms', {
          platforms: platforms.map((p) => operatingSystemLabels[p]).join(', '),
        });
  const min = w.minVersion || '';
  const max = w.maxVersion || '';
  const versions =
    min && max
      ? t('gate.maintenance.versionBetween', { min, max })
      : min
        ? t('gate.maintenance.versionAtLeast', { min })
        : max
          ? t('gate.maintenance.versionAtMost', { max })
          : '';
  return `${who}${versions}`;
}

/** A time cell: local, and UTC below it. */
function TimeCell({ iso }: { iso: string }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size={0}>
      <span>{formatTime(iso)}</span>
      <Typography.Text type="secondary">{t('gate.maintenance.utc', { time: utcTime(iso) })}</Typography.Text>
    </Space>
  );
}

/** A date-time field with its UTC reading under it. */
function TimeInputWithUtc({ value, onChange, id }: { value?: string; onChange?: (v?: string) => void; id?: string }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size={0}>
      <IsoDateTimeInput id={id} value={value} onChange={onChange} />
      {value && (
        <Typography.Text type="secondary">{t('gate.maintenance.utc', { time: utcTime(value) })}</Typography.Text>
      )}
    </Space>
  );
}

export const windowScreen = resourceScreen({
  resource: maintenanceWindowResource,
  entity: 'gate.maintenance.entity',
  labels: {
    name: 'gate.maintenance.name',
    startAt: 'gate.maintenance.startAt',
    endAt: 'gate.maintenance.endAt',
    'zh-CN': 'gate.zhCN',
    'en-US': 'gate.enUS',
    platforms: 'gate.platforms',
    minVersion: 'gate.maintenance.minVersion',
    maxVersion: 'gate.maintenance.maxVersion',
    note: 'gate.note',
  },
  render: {
    startAt: (row) => <TimeCell iso={row.startAt} />,
    endAt: (row) => <TimeCell iso={row.endAt} />,
    platforms: (row, t) => platformsText(row.platforms, t),
  },
  blank: { platforms: [], minVersion: '', maxVersion: '', note: '' },
  // Saving a window that is running or still to come closes the game for its audience.
  confirm: (after, _before, t) => {
    if (!after.endAt || !after.startAt || Date.parse(after.endAt) <= Date.now()) return null;
    return {
      title: t('gate.maintenance.confirmTitle', { key: after.name }),
      okText: t('gate.maintenance.confirmOk'),
      statement: (
        <Space orientation="vertical" size={4} data-testid="maintenance-statement">
          <Typography.Text strong>
            {t('gate.maintenance.statement', {
              audience: maintenanceAudience(after, t),
              from: bothZones(after.startAt),
              to: bothZones(after.endAt),
            })}
          </Typography.Text>
          <WindowAffected platforms={after.platforms} minVersion={after.minVersion} maxVersion={after.maxVersion} />
          {maintenanceState(after) === 'active' && (
            <Typography.Text type="danger">{t('gate.maintenance.statementNow')}</Typography.Text>
          )}
          <Typography.Text type="secondary">{t('gate.maintenance.allowPasses')}</Typography.Text>
        </Space>
      ),
    };
  },
  Form: ({ itemProps, editing }) => {
    const { t } = useTranslation();
    return (
      <>
        <Form.Item {...itemProps('name')}>
          <TextInput field="name" disabled={editing} data-testid="maintenance-name" />
        </Form.Item>
        <Space wrap align="start">
          <Form.Item {...itemProps('startAt')}>
            <TimeInputWithUtc />
          </Form.Item>
          <Form.Item {...itemProps('endAt')}>
            <TimeInputWithUtc />
          </Form.Item>
        </Space>
        <Form.Item {...itemProps('zh-CN')}>
          <LongText field="zh-CN" data-testid="maintenance-zh" />
        </Form.Item>
        <Form.Item {...itemProps('en-US')}>
          <LongText field="en-US" data-testid="maintenance-en" />
        </Form.Item>
        <Form.Item {...itemProps('platforms')}>
          <PlatformsSelect />
        </Form.Item>
        <Space wrap align="start">
          <Form.Item {...itemProps('minVersion')} extra={t('gate.maintenance.versionHint')}>
            <TextInput field="minVersion" placeholder={t('conditions.versionPlaceholder')} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item {...itemProps('maxVersion')} extra={t('gate.maintenance.versionHint')}>
            <TextInput field="maxVersion" placeholder={t('conditions.versionPlaceholder')} style={{ width: 180 }} />
          </Form.Item>
        </Space>
        <Form.Item {...itemProps('note')}>
          <LongText field="note" />
        </Form.Item>
      </>
    );
  },
});

/** Typed entries as tags (paste or Enter adds them); user IDs become numbers. */
function TagsInput({
  numbers,
  testId,
  ...props
}: {
  numbers?: boolean;
  testId: string;
  value?: (string | number)[];
  onChange?: (v: (string | number)[]) => void;
  id?: string;
}) {
  return (
    <Select
      {...props}
      mode="tags"
      open={false}
      suffixIcon={null}
      tokenSeparators={[',', ' ', '\n']}
      onChange={(v: (string | number)[]) =>
        props.onChange?.(numbers ? v.map((x) => (/^\d{1,15}$/.test(String(x)) ? Number(x) : x)) : v)
      }
      data-testid={testId}
    />
  );
}

/** An allow-list field typed as tags. */
const tagsField =
  (name: 'userIds' | 'deviceIds' | 'cidrs', testId: string, numbers = false): ComponentType<ResourceFormProps> =>
  ({ itemProps }) => (
    <Form.Item {...itemProps(name)}>
      <TagsInput numbers={numbers} testId={testId} />
    </Form.Item>
  );

export const allowListScreen = resourceScreen({
  resource: maintenanceAllowListResource,
  entity: 'gate.allow.entity',
  labels: {
    name: 'gate.allow.name',
    userIds: 'gate.allow.userIds',
    deviceIds: 'gate.allow.deviceIds',
    cidrs: 'gate.allow.cidrs',
    note: 'gate.note',
  },
  render: {
    userIds: (row) => row.userIds.join(', '),
    deviceIds: (row) => row.deviceIds.join(', '),
    cidrs: (row) => row.cidrs.join(', '),
  },
  blank: { userIds: [], deviceIds: [], cidrs: [], note: '' },
  fields: ['name', 'userIds', 'deviceIds', 'cidrs', 'note'],
  widgets: {
    userIds: tagsField('userIds', 'allow-users', true),
    deviceIds: tagsField('deviceIds', 'allow-devices'),
    cidrs: tagsField('cidrs', 'allow-cidrs'),
  },
});

/** `/setting/maintenance`: the windows and the allow-list, one tab each (the tab is in the address). */
export default function MaintenancePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'allow' ? 'allow' : 'windows';
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setParams(key === 'allow' ? { tab: 'allow' } : {})}
      destroyOnHidden
      items={[
        {
          key: 'windows',
          label: t('gate.maintenance.windows'),
          children: <ResourceList screen={windowScreen} urlPrefix="w" />,
        },
        {
          key: 'allow',
          label: t('gate.maintenance.allowList'),
          children: <ResourceList screen={allowListScreen} urlPrefix="a" />,
        },
      ]}
    />
  );
}
