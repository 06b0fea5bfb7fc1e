import {
  type MaintenanceWindow,
  maintenanceAllowListResource,
  maintenanceWindowResource,
  operatingSystemLabels,
  operatingSystems,
} from '@rookery/contracts';
import { Select, Space, Tabs, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatTime } from '../../crud/format';
import { ResourceList } from '../../crud/resource/ResourceList';
import { resourceScreen } from '../../crud/resource/screen';
import { WindowAffected } from './AffectedPlayers';
import { PlatformsSelect, platformsText } from './platforms';
import { bothZones, utcTime } from './times';
import './gamegate-texts';

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
  fields: ['name', ['startAt', 'endAt'], 'zh-CN', 'en-US', 'platforms', ['minVersion', 'maxVersion'], 'note'],
  widgets: {
    platforms: <PlatformsSelect />,
  },
  hints: { minVersion: 'gate.maintenance.versionHint', maxVersion: 'gate.maintenance.versionHint' },
  placeholders: { minVersion: 'conditions.versionPlaceholder', maxVersion: 'conditions.versionPlaceholder' },
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
    userIds: <TagsInput numbers testId="allow-users" />,
    deviceIds: <TagsInput testId="allow-devices" />,
    cidrs: <TagsInput testId="allow-cidrs" />,
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
