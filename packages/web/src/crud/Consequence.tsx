import { App, type ButtonProps, Descriptions } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TypeToConfirm } from './TypeToConfirm';
import './consequence-texts';

/** What a consequential action will do, stated before it runs (UX.md §1). */
export interface Consequence {
  /** The question: the action and its object ("Freeze 3 players?"). */
  title: string;
  /** Rows of facts: who is affected and how many, the duration, what is taken or granted. */
  rows: { label: string; value: ReactNode }[];
  /** The confirm button: names the action ("Freeze 3 players"), never just "OK". */
  okText: string;
  /** For the irreversible: the number or word the operator types before the button enables. */
  typeToConfirm?: string;
  /** Red confirm button (default true: these actions take something away). */
  danger?: boolean;
}

/**
 * Ask before a consequential action: a confirmation stating the consequence, with a confirm
 * button that names the action and, for the irreversible, a typed confirmation. Resolves after
 * `run` succeeded (true) or on cancel (false, nothing sent); rejects with `run`'s failure.
 */
export function useConsequenceConfirm() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return (consequence: Consequence, run: () => Promise<unknown>) =>
    new Promise<boolean>((resolve, reject) => {
      const okProps = (enabled: boolean) =>
        ({ danger: consequence.danger ?? true, disabled: !enabled, 'data-testid': 'consequence-ok' }) as ButtonProps;
      const dialog = modal.confirm({
        title: consequence.title,
        width: 560,
        content: (
          <ConsequenceBody
            consequence={consequence}
            onMatch={(matched) => dialog.update({ okButtonProps: okProps(matched) })}
          />
        ),
        okText: consequence.okText,
        cancelText: t('common.cancel'),
        okButtonProps: okProps(!consequence.typeToConfirm),
        cancelButtonProps: { 'data-testid': 'consequence-cancel' } as ButtonProps,
        // Focus starts on the safe choice, stays in the dialog and goes back where it was opened.
        focusable: { autoFocusButton: 'cancel', trap: true, focusTriggerAfterClose: true },
        // The dialog closes at once; the form's button shows the request in flight.
        onOk: () => {
          run().then(() => resolve(true), reject);
        },
        onCancel: () => resolve(false),
      });
    });
}

function ConsequenceBody({ consequence, onMatch }: { consequence: Consequence; onMatch: (matched: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <div data-testid="consequence">
      <Descriptions
        size="small"
        bordered
        column={1}
        items={consequence.rows.map((row, i) => ({ key: i, label: row.label, children: row.value }))}
      />
      {consequence.typeToConfirm && (
        <TypeToConfirm
          expected={consequence.typeToConfirm}
          onMatch={onMatch}
          prompt={t('consequence.typeToConfirm', { expected: consequence.typeToConfirm })}
        />
      )}
    </div>
  );
}
