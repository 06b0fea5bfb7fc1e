import type { ConstantType } from '@rookery/contracts';
import { Input, Switch } from 'antd';
import { useState } from 'react';
import { UnparsedText } from '../../crud/unparsed';
import './texts';
import { NumberInput } from '../../crud/schema-fields';

/**
 * JSON typed as text: the form holds the parsed value; text that does not parse is held as
 * `UnparsedText`, which the form's one error for the field names ("not valid JSON").
 */
export function JsonInput({
  value,
  onChange,
  id,
  testId,
  'aria-label': ariaLabel,
}: {
  value?: unknown;
  onChange?: (v: unknown) => void;
  id?: string;
  testId?: string;
  'aria-label'?: string;
}) {
  const [text, setText] = useState(() =>
    value instanceof UnparsedText ? value.text : value === undefined ? '' : JSON.stringify(value, null, 2),
  );
  return (
    <Input.TextArea
      id={id}
      aria-label={ariaLabel}
      rows={6}
      value={text}
      style={{ fontFamily: 'monospace' }}
      data-testid={testId}
      onChange={(e) => {
        setText(e.target.value);
        try {
          onChange?.(e.target.value.trim() === '' ? undefined : JSON.parse(e.target.value));
        } catch {
          onChange?.(new UnparsedText(e.target.value, 'v.invalidJson'));
        }
      }}
    />
  );
}

/** A value type the editor knows: the constants' types (remote config uses four of them). */
export type EditorValueType = ConstantType;

/** The starting value of a type, when the operator switches to it. */
export const blankValueOf = (type: EditorValueType): unknown =>
  type === 'boolean' ? false : type === 'number' ? 0 : type === 'json' ? {} : '';

/**
 * A typed value's control (constants, remote config, tester overrides): number, switch, JSON text
 * or plain text. It takes `value`/`onChange` from its `<Form.Item>` for every type; give the item
 * a `key` that changes with the type so the JSON text starts again from the new value.
 */
export function ValueEditor({
  type,
  value,
  onChange,
  id,
  testId,
  'aria-label': ariaLabel,
}: {
  type: EditorValueType;
  value?: unknown;
  onChange?: (v: unknown) => void;
  id?: string;
  testId?: string;
  /** The control's name when no `<label>` names it (a value inside a row). */
  'aria-label'?: string;
}) {
  switch (type) {
    case 'number':
      return (
        <NumberInput
          id={id}
          aria-label={ariaLabel}
          value={value as number | undefined}
          onChange={(v) => onChange?.(v ?? undefined)}
          style={{ width: 240, maxWidth: '100%' }}
          data-testid={testId}
        />
      );
    case 'boolean':
      return (
        <Switch
          id={id}
          aria-label={ariaLabel}
          checked={Boolean(value)}
          onChange={(v) => onChange?.(v)}
          data-testid={testId}
        />
      );
    case 'json':
      return <JsonInput id={id} aria-label={ariaLabel} value={value} onChange={onChange} testId={testId} />;
    default:
      return (
        <Input
          id={id}
          aria-label={ariaLabel}
          value={value as string | undefined}
          onChange={(e) => onChange?.(e.target.value)}
          data-testid={testId}
        />
      );
  }
}
