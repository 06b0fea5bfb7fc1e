import { Modal } from 'antd';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TypeToConfirm, useConfirmGate } from './TypeToConfirm';

export interface Confirmation {
  title: string;
  /** What will happen, for whom, when, what is granted. May hold the confirm button (`useHoldConfirm`, `TypeToConfirm`). */
  content: ReactNode;
  /** Names the action ("Send global mail"), never just OK. */
  okText: string;
  /** The operator types this number or word before the confirm button enables (UX.md §1). */
  typeToConfirm?: number | string;
  danger?: boolean;
  width?: number;
}

/**
 * A confirmation dialog whose confirm button its content can hold (see `useHoldConfirm`):
 * `const [confirm, holder] = useConfirmDialog()`, render `holder`, then
 * `if (await confirm({ title, content, okText })) send()`. Cancel, Esc and the close button
 * resolve false and send nothing.
 */
export function useConfirmDialog(): [(c: Confirmation) => Promise<boolean>, ReactNode] {
  const [open, setOpen] = useState<Confirmation | null>(null);
  const settle = useRef<(ok: boolean) => void>(() => {});
  const confirm = useCallback(
    (c: Confirmation) =>
      new Promise<boolean>((resolve) => {
        settle.current = resolve;
        setOpen(c);
      }),
    [],
  );
  const close = (ok: boolean) => {
    setOpen(null);
    settle.current(ok);
    settle.current = () => {};
  };
  const holder = open ? <ConfirmModal confirmation={open} onClose={close} /> : null;
  return [confirm, holder];
}

function ConfirmModal({ confirmation: c, onClose }: { confirmation: Confirmation; onClose: (ok: boolean) => void }) {
  const { t } = useTranslation();
  const { held, Provider } = useConfirmGate();
  return (
    <Modal
      open
      title={c.title}
      width={c.width ?? 640}
      okText={c.okText}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: held, danger: c.danger, 'data-testid': 'confirm-ok' } as never}
      // Focus starts on the safe choice, stays in the dialog and goes back where it was opened.
      cancelButtonProps={{ 'data-testid': 'confirm-cancel', autoFocus: true } as never}
      focusable={{ trap: true, focusTriggerAfterClose: true }}
      onOk={() => onClose(true)}
      onCancel={() => onClose(false)}
      maskClosable={false}
      destroyOnHidden
    >
      <Provider>
        {c.content}
        {c.typeToConfirm !== undefined && <TypeToConfirm expected={c.typeToConfirm} />}
      </Provider>
    </Modal>
  );
}
