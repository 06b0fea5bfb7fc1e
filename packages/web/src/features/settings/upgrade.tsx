import { appUpgradeResource, operatingSystemLabels } from '@rookery/contracts';
import { Form, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { resourceScreen } from '../../crud/resource/screen';
import { platformOptions } from '../shared/platforms';
import { UpgradeAffected } from './AffectedPlayers';
import './gamegate-texts';
import { LongText, TextInput } from '../../crud/schema-fields';

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
  Form: ({ itemProps, editing }) => {
    const { t } = useTranslation();
    return (
      <>
        <Form.Item {...itemProps('platform')}>
          <Select
            disabled={editing}
            options={platformOptions}
            style={{ maxWidth: 240 }}
            data-testid="upgrade-platform"
          />
        </Form.Item>
        <Space wrap align="start">
          <Form.Item {...itemProps('latestVersion')}>
            <TextInput
              field="latestVersion"
              placeholder={t('conditions.versionPlaceholder')}
              data-testid="upgrade-latest"
            />
          </Form.Item>
          <Form.Item {...itemProps('minVersion')} extra={t('gate.upgrade.minHint')}>
            <TextInput field="minVersion" placeholder={t('conditions.versionPlaceholder')} data-testid="upgrade-min" />
          </Form.Item>
        </Space>
        <Form.Item {...itemProps('storeUrl')}>
          <TextInput field="storeUrl" placeholder="https://" data-testid="upgrade-url" />
        </Form.Item>
        <Form.Item {...itemProps('zh-CN')}>
          <LongText field="zh-CN" data-testid="upgrade-zh" />
        </Form.Item>
        <Form.Item {...itemProps('en-US')}>
          <LongText field="en-US" data-testid="upgrade-en" />
        </Form.Item>
      </>
    );
  },
});
