import {
  gameLabel,
  type UnlockKind,
  unlockKindLabels,
  unlockKinds,
  unlockTargets,
  unlockTrackResource,
} from '@rookery/contracts';
import { Form, Select, Tag } from 'antd';
import { resourceScreen } from '../../crud/resource/screen';
import { currentLocale } from '../../i18n';
import './gamegate-texts';
import { LongText, NumberInput } from '../../crud/schema-fields';

const kindColors: Record<UnlockKind, string> = { item: 'blue', penguin: 'cyan', feature: 'purple' };

/** `/setting/unlocktrack`: what unlocks at which achievement level (items, penguin types, features of the game catalogue). */
export const unlockTrackScreen = resourceScreen({
  resource: unlockTrackResource,
  entity: 'unlock.entity',
  labels: { target: 'unlock.target', kind: 'unlock.kind', level: 'unlock.level', note: 'unlock.note' },
  render: {
    target: (row) => gameLabel(row.target, currentLocale()),
    kind: (row) => <Tag color={kindColors[row.kind]}>{unlockKindLabels[row.kind][currentLocale()]}</Tag>,
  },
  blank: { kind: 'feature', level: 1, note: '' },
  Form: ({ itemProps, editing, form }) => {
    return (
      <>
        <Form.Item {...itemProps('kind')}>
          <Select
            disabled={editing}
            options={unlockKinds.map((k) => ({ value: k, label: unlockKindLabels[k][currentLocale()] }))}
            onChange={() => form.setFieldValue('target', undefined)}
            style={{ maxWidth: 240 }}
            data-testid="unlock-kind"
          />
        </Form.Item>
        <Form.Item noStyle dependencies={['kind']}>
          {({ getFieldValue }) => (
            <Form.Item {...itemProps('target')}>
              <Select
                disabled={editing}
                showSearch
                optionFilterProp="label"
                options={(unlockTargets[getFieldValue('kind') as UnlockKind] ?? []).map((k) => ({
                  value: k,
                  label: gameLabel(k, currentLocale()),
                }))}
                style={{ maxWidth: 320 }}
                data-testid="unlock-target"
              />
            </Form.Item>
          )}
        </Form.Item>
        <Form.Item {...itemProps('level')}>
          <NumberInput style={{ width: 160 }} data-testid="unlock-level" />
        </Form.Item>
        <Form.Item {...itemProps('note')}>
          <LongText field="note" />
        </Form.Item>
      </>
    );
  },
});
