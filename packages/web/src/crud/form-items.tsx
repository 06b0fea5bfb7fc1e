import { Form, Input, Space } from 'antd';
import type { ReactNode } from 'react';
import { IsoDateTimeInput } from './IsoDateTimeInput';
import { NumberInput, TextInput } from './schema-fields';
import type { SchemaForm } from './useSchemaForm';

/** Form fields many action forms share, validated by the form's schema through `itemProps`. */
type ItemProps = { itemProps: SchemaForm<any>['itemProps']; label: string };

/** Placeholder of the ID list inputs: one ID per line (spec §5). */
const idLines = '10001\n10002';

/** One numeric ID (`userId` unless named otherwise). */
export function UserIdItem({ itemProps, label, name = 'userId' }: ItemProps & { name?: string }) {
  return (
    <Form.Item {...itemProps(name)} label={label}>
      <NumberInput style={{ width: 240 }} />
    </Form.Item>
  );
}

/** IDs, one per line. */
export function IdListItem({ itemProps, name, label }: ItemProps & { name: string }) {
  return (
    <Form.Item {...itemProps(name)} label={label}>
      <Input.TextArea rows={5} placeholder={idLines} />
    </Form.Item>
  );
}

/** The operator's reason (`reason`), kept in the audit record. */
export function ReasonItem({ itemProps, label }: ItemProps) {
  return (
    <Form.Item {...itemProps('reason')} label={label}>
      <TextInput field="reason" />
    </Form.Item>
  );
}

/** An end time (`until`), ISO-8601 on the wire. */
export function UntilItem({ itemProps, label }: ItemProps) {
  return (
    <Form.Item {...itemProps('until')} label={label}>
      <IsoDateTimeInput />
    </Form.Item>
  );
}

/**
 * A time window: its start and end side by side (`startAt`/`endAt` unless named), ISO-8601 on the
 * wire, labelled by the form's `itemProps` unless `labels` are given; `children` share the row.
 */
export function TimeWindowItems({
  itemProps,
  names = ['startAt', 'endAt'],
  labels,
  children,
}: {
  itemProps: SchemaForm<any>['itemProps'];
  names?: readonly [string, string];
  labels?: readonly [string, string];
  children?: ReactNode;
}) {
  return (
    <Space size="large" wrap>
      {names.map((name, i) => (
        <Form.Item key={name} {...itemProps(name)} {...(labels ? { label: labels[i] } : {})}>
          <IsoDateTimeInput />
        </Form.Item>
      ))}
      {children}
    </Space>
  );
}

/**
 * The inputs of one field made of parts (a price: kind and amount), inside the field's
 * `Form.Item`: each part is its own named item with its own accessible name. The field's item
 * hands its child an id and `aria-*` state meant for one input; a group is no input, so they
 * are not passed on (axe: aria-allowed-attr).
 */
export function FieldParts({ children }: { children: ReactNode }) {
  return <Space wrap>{children}</Space>;
}
