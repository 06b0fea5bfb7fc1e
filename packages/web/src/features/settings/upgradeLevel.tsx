import { type UpgradeLevel, upgradeLevelLabels, upgradeLevelResource } from '@rookery/contracts';
import { Form, Tag } from 'antd';
import { resourceScreen } from '../../crud/resource/screen';
import { currentLocale } from '../../i18n';
import { ConditionsEditor } from '../shared/ConditionsEditor';
import './gamegate-texts';
import { PlatformsSelect, platformsText } from './platforms';

const levelColors: Record<UpgradeLevel, string> = { forced: 'red', recommended: 'blue', silent: 'default' };

/** `/setting/upgradeLevel`: which prompt (forced, recommended, silent) players between the minimum and the latest version get. */
export const upgradeLevelScreen = resourceScreen({
  resource: upgradeLevelResource,
  entity: 'gate.level.entity',
  labels: {
    name: 'gate.level.name',
    level: 'gate.level.level',
    order: 'gate.level.order',
    platforms: 'gate.platforms',
    conditions: 'gate.level.conditions',
    note: 'gate.note',
  },
  render: {
    level: (row) => <Tag color={levelColors[row.level]}>{upgradeLevelLabels[row.level][currentLocale()]}</Tag>,
    platforms: (row, t) => platformsText(row.platforms, t),
    conditions: (row, t) =>
      row.conditions.length
        ? t('gate.level.conditionsCount', { count: row.conditions.length })
        : t('gate.level.noConditions'),
  },
  blank: { level: 'recommended', order: 0, platforms: [], conditions: [], note: '' },
  fields: ['name', 'level', 'order', 'platforms', 'conditions', 'note'],
  hints: { order: 'gate.level.orderHint' },
  widgets: {
    platforms: <PlatformsSelect data-testid="level-platforms" />,
    conditions: ({ itemProps }) => (
      <Form.Item label={itemProps('conditions').label}>
        <ConditionsEditor />
      </Form.Item>
    ),
  },
});
