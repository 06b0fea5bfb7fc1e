import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SchemaForm } from '../../crud/useSchemaForm';
import { IsoDateTimeInput } from '../shared/IsoDateTimeInput';
import './texts';

/** The form fields the player actions share, validated by the action's schema through `itemProps`. */
type ItemProps = { itemProps: SchemaForm<any>['itemProps'] };

/** Placeholder of the ID list inputs: one ID per line (spec §5). */
const idLines = '10001\n10002';

export function UserIdItem({ itemProps }: ItemProps) {
  const { t } = useTranslation();
  return (
    <Form.Item {...itemProps('userId')} label={t('players.userId')}>
      <InputNumber min={1} precision={0} style={{ width: 240 }} />
    </Form.Item>
  );
}

export function IdListItem({ itemProps, name, label }: ItemProps & { name: string; label: string }) {
  return (
    <Form.Item {...itemProps(name)} label={label}>
      <Input.TextArea rows={5} placeholder={idLines} />
    </Form.Item>
  );
}

export function ReasonItem({ itemProps }: ItemProps) {
  const { t } = useTranslation();
  return (
    <Form.Item {...itemProps('reason')} label={t('players.reason')}>
      <Input maxLength={500} />
    </Form.Item>
  );
}

export function UntilItem({ itemProps, label }: ItemProps & { label: string }) {
  return (
    <Form.Item {...itemProps('until')} label={label}>
      <IsoDateTimeInput />
    </Form.Item>
  );
}
