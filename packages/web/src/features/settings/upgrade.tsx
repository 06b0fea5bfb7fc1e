import { appUpgradeResource, operatingSystemLabels } from '@rookery/contracts';
import { Space, Typography } from 'antd';
import { resourceScreen } from '../../crud/resource/screen';
import { UpgradeAffected } from './AffectedPlayers';
import './gamegate-texts';

/** `/setting/upgrade`: per platform, the latest and the minimum supported version, the store link and the prompt text. */
export const upgradeScreen = resourceScreen({
  resource: appUpgradeResource,
  entity: 'gate.upgrade.entity',
  labels: {
    platform: 'gate.upgrade.platform',
    latestVersion: 'gate.upgrade.latestVersion',
    minVersion: 'gate.upgrade.minVersion',
    storeUrl: 'gate.upgrade.storeUrl',
    'zh-CN': 'gate.zhCN',
    'en-US': 'gate.enUS',
  },
  render: {
    platform: (row) => operatingSystemLabels[row.platform],
    storeUrl: (row) => (
      <a href={row.storeUrl} target="_blank" rel="noreferrer" style={{ wordBreak: 'break-all' }}>
        {row.storeUrl}
      </a>
    ),
  },
  blank: {},
  // A minimum version refuses login below it: the confirmation says to whom.
  confirm: (after, _before, t) =>
    after.platform && after.minVersion && after.latestVersion
      ? {
          title: t('gate.upgrade.confirmTitle', { platform: operatingSystemLabels[after.platform] }),
          okText: t('gate.upgrade.confirmOk'),
          statement: (
            <Space orientation="vertical" size={4}>
              <Typography.Text strong data-testid="upgrade-statement">
                {t('gate.upgrade.statement', {
                  platform: operatingSystemLabels[after.platform],
                  min: after.minVersion,
                  latest: after.latestVersion,
                })}
              </Typography.Text>
              <UpgradeAffected platform={after.platform} minVersion={after.minVersion} />
            </Space>
          ),
        }
      : null,
  fields: ['platform', ['latestVersion', 'minVersion'], 'storeUrl', 'zh-CN', 'en-US'],
  hints: { minVersion: 'gate.upgrade.minHint' },
  placeholders: {
    latestVersion: 'conditions.versionPlaceholder',
    minVersion: 'conditions.versionPlaceholder',
    storeUrl: 'gate.upgrade.urlPlaceholder',
  },
});
