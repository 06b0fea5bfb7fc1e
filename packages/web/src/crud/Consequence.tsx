import { Alert, App, type ButtonProps, Descriptions } from 'antd';
import { type ReactNode, useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, isApiError, refusalsShownInPlace } from '../api/request';
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
 * A refusal the operator can act on: the server said no with its reason (4xx with a message), as
 * opposed to a fault (5xx, the network) the request layer reports on its own.
 */
export const isRefusal = (error: unknown): error is ApiError =>
  isApiError(error) && error.code >= 400 && error.code < 500 && error.code !== 401;

/** The server's refusal, in the operator's language: its message, and each field's when they say more. */
export function Refusal({ error }: { error: ApiError }) {
  const { t } = useTranslation();
  const details = [...new Set((error.errors ?? []).map((e) => e.message))].filter((m) => m && m !== error.msg);
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginTop: 12 }}
      data-testid="consequence-refusal"
      title={t('consequence.refused', { msg: error.msg })}
      description={details.length ? details.map((m) => <div key={m}>{m}</div>) : undefined}
    />
  );
}

/**
 * Ask before an action: resolves true on confirm, false on cancel, Esc or the close button (nothing
 * sent). Focus starts on Cancel, stays in the dialog and goes back where it was opened, so Enter
 * never confirms by accident.
 *
 * With `run`, the confirm button runs it and the dialog stays open until it succeeded (true): a
 * refusal is shown in the dialog, where the operator acted, with the confirm button free to try
 * again and Cancel to leave (false). A fault that is not a refusal closes the dialog and rejects.
 */
export function useConfirm(): (consequence: Consequence, run?: () => Promise<unknown>) => Promise<boolean> {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return useCallback(
    (consequence: Consequence, run?: () => Promise<unknown>) =>
      new Promise<boolean>((resolve, reject) => {
        const state = { held: true, running: false, refusal: undefined as ApiError | undefined };
        const okProps = () =>
          ({
            danger: consequence.danger ?? true,
            disabled: state.held,
            loading: state.running,
            'data-testid': 'confirm-ok',
          }) as ButtonProps;
        const onHeld = (held: boolean) => {
          state.held = held;
          dialog.update({ okButtonProps: okProps() });
        };
        const body = () => (
          <>
            <ConsequenceBody consequence={consequence} onHeld={onHeld} />
            {state.refusal && <Refusal error={state.refusal} />}
          </>
        );
        const dialog = modal.confirm({
          title: consequence.title,
          width: consequence.width ?? 560,
          content: body(),
          okText: consequence.okText,
          cancelText: t('common.cancel'),
          // Held until the body has said nothing holds it (a typed confirmation starts held).
          okButtonProps: okProps(),
          cancelButtonProps: { 'data-testid': 'confirm-cancel' } as ButtonProps,
          focusable: { autoFocusButton: 'cancel', trap: true, focusTriggerAfterClose: true },
          // Taking `close` keeps the dialog open past the click: it closes when the run succeeded.
          onOk: run
            ? (close: () => void) => {
                if (state.running) return;
                state.running = true;
                state.refusal = undefined;
                dialog.update({ okButtonProps: okProps(), content: body() });
                refusalsShownInPlace(run).then(
                  () => {
                    close();
                    resolve(true);
                  },
                  (error: unknown) => {
                    state.running = false;
                    if (isRefusal(error)) {
                      state.refusal = error;
                      dialog.update({ okButtonProps: okProps(), content: body() });
                    } else {
                      close();
                      reject(error);
                    }
                  },
                );
              }
            : () => resolve(true),
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
