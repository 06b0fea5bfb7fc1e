import { type UpgradeLevel, upgradeLevelLabels, upgradeLevelResource, upgradeLevels } from '@rookery/contracts';
import { Form, InputNumber, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { resourceScreen } from '../../crud/resource/screen';
import { currentLocale } from '../../i18n';
import { ConditionsEditor } from '../shared/ConditionsEditor';
import './gamegate-texts';
import { LongText, TextInput } from '../../crud/schema-fields';
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
  Form: ({ itemProps, editing }) => {
    const { t } = useTranslation();
    return (
      <>
        <Form.Item {...itemProps('name')}>
          <TextInput field="name" disabled={editing} data-testid="level-name" />
        </Form.Item>
        <Form.Item {...itemProps('level')}>
          <Select
            options={upgradeLevels.map((l) => ({ value: l, label: upgradeLevelLabels[l][currentLocale()] }))}
            style={{ maxWidth: 240 }}
            data-testid="level-level"
          />
        </Form.Item>
        <Form.Item {...itemProps('order')} extra={t('gate.level.orderHint')}>
          <InputNumber<number> min={0} max={1_000_000} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item {...itemProps('platforms')}>
          <PlatformsSelect />
        </Form.Item>
        <Form.Item label={t('gate.level.conditions')}>
          <ConditionsEditor />
        </Form.Item>
        <Form.Item {...itemProps('note')}>
          <LongText field="note" />
        </Form.Item>
      </>
    );
  },
});
