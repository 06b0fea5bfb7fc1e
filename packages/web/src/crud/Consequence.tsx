import { App, type ButtonProps, Descriptions } from 'antd';
import { type ReactNode, useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { TypeToConfirm, useConfirmGate } from './TypeToConfirm';
import './consequence-texts';

/**
 * What an action will do, stated before it runs (UX.md §1). The console's one confirmation: a
 * question, the facts, a confirm button that names the action, and for the irreversible or "all
 * players" a typed confirmation.
 */
export interface Consequence {
  /** The question: the action and its object ("Freeze 3 players?"). */
  title: string;
  /** Rows of facts: who is affected and how many, the duration, what is taken or granted. */
  rows?: { label: string; value: ReactNode }[];
  /**
   * What else the operator reads before confirming (a change table, a counted audience). It may
   * hold the confirm button while it is not ready (`useHoldConfirm`).
   */
  content?: ReactNode;
  /** The confirm button: names the action ("Freeze 3 players"), never just "OK". */
  okText: string;
  /** The number or word the operator types before the button enables ("all players", the irreversible). */
  typeToConfirm?: number | string;
  /** Says that it cannot be undone, in the typed confirmation's prompt. */
  irreversible?: boolean;
  /** Red confirm button (default true: most confirmed actions take something away). */
  danger?: boolean;
  width?: number;
}

/**
 * Ask before an action: resolves true on confirm, false on cancel, Esc or the close button (nothing
 * sent). Focus starts on Cancel, stays in the dialog and goes back where it was opened, so Enter
 * never confirms by accident.
 */
export function useConfirm(): (consequence: Consequence) => Promise<boolean> {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return useCallback(
    (consequence: Consequence) =>
      new Promise<boolean>((resolve) => {
        const okProps = (held: boolean) =>
          ({ danger: consequence.danger ?? true, disabled: held, 'data-testid': 'confirm-ok' }) as ButtonProps;
        const dialog = modal.confirm({
          title: consequence.title,
          width: consequence.width ?? 560,
          content: (
            <ConsequenceBody
              consequence={consequence}
              onHeld={(held) => dialog.update({ okButtonProps: okProps(held) })}
            />
          ),
          okText: consequence.okText,
          cancelText: t('common.cancel'),
          // Held until the body has said nothing holds it (a typed confirmation starts held).
          okButtonProps: okProps(true),
          cancelButtonProps: { 'data-testid': 'confirm-cancel' } as ButtonProps,
          focusable: { autoFocusButton: 'cancel', trap: true, focusTriggerAfterClose: true },
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [modal, t],
  );
}

/**
 * Confirm, then run: resolves after `run` succeeded (true) or on cancel (false, nothing sent);
 * rejects with `run`'s failure. The dialog closes at once; the form's button shows the request in
 * flight.
 */
export function useConsequenceConfirm() {
  const confirm = useConfirm();
  return useCallback(
    async (consequence: Consequence, run: () => Promise<unknown>) => {
      if (!(await confirm(consequence))) return false;
      await run();
      return true;
    },
    [confirm],
  );
}

function ConsequenceBody({ consequence, onHeld }: { consequence: Consequence; onHeld: (held: boolean) => void }) {
  const { t } = useTranslation();
  const { held, Provider } = useConfirmGate();
  useEffect(() => onHeld(held), [held, onHeld]);
  const { rows, content, typeToConfirm, irreversible } = consequence;
  return (
    <Provider>
      <div data-testid="consequence">
        {rows && rows.length > 0 && (
          <Descriptions
            size="small"
            bordered
            column={1}
            items={rows.map((row, i) => ({ key: i, label: row.label, children: row.value }))}
          />
        )}
        {content}
        {typeToConfirm !== undefined && (
          <TypeToConfirm
            expected={typeToConfirm}
            prompt={irreversible ? t('consequence.typeToConfirm', { expected: typeToConfirm }) : undefined}
          />
        )}
      </div>
    </Provider>
  );
}
