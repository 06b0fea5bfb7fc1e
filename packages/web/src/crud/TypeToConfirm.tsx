import { Form, Input } from 'antd';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../i18n';
import './confirm-texts';
import { typedMatches } from './type-to-confirm';

/**
 * The confirm gate: the confirmation (`useConfirm` in `Consequence.tsx`) provides it, and anything in the
 * dialog's content may hold its confirm button (a `TypeToConfirm` not yet typed, an audience
 * still counting, a list with unknown IDs). The button enables when nothing holds it.
 */
interface ConfirmGate {
  hold(id: string, held: boolean): void;
}
const GateContext = createContext<ConfirmGate | null>(null);

/** Hold the surrounding confirmation's confirm button while `held` is true (no-op outside one). */
export function useHoldConfirm(held: boolean) {
  const gate = useContext(GateContext);
  const id = useId();
  useEffect(() => {
    gate?.hold(id, held);
    return () => gate?.hold(id, false);
  }, [gate, id, held]);
}

/** The gate's provider and whether the confirm button is held; used by `useConfirm`. */
export function useConfirmGate(): { held: boolean; Provider: (p: { children: ReactNode }) => ReactNode } {
  const [holders, setHolders] = useState<ReadonlySet<string>>(new Set());
  const hold = useCallback((id: string, held: boolean) => {
    setHolders((prev) => {
      if (prev.has(id) === held) return prev;
      const next = new Set(prev);
      if (held) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const gate = useMemo(() => ({ hold }), [hold]);
  const Provider = useCallback(
    ({ children }: { children: ReactNode }) => <GateContext.Provider value={gate}>{children}</GateContext.Provider>,
    [gate],
  );
  return { held: holders.size > 0, Provider };
}

export interface TypeToConfirmProps {
  /** What the operator types: a number (shown and accepted with or without thousands separators) or a word. */
  expected: number | string;
  /** Called with whether the typed text matches, when it changes. */
  onMatch?: (matches: boolean) => void;
  testId?: string;
  /** The label; by default "Type {text} to confirm". */
  prompt?: string;
}

/**
 * "Type 41,200 to confirm" (UX.md §1, for "all players" scopes and the irreversible): inside a
 * confirmation dialog it holds the confirm button until the operator has typed the number or word
 * shown. Enter in it does nothing.
 */
export function TypeToConfirm({ expected, onMatch, testId = 'type-to-confirm', prompt }: TypeToConfirmProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const shown = typeof expected === 'number' ? expected.toLocaleString(currentLocale()) : expected;
  const matches = typedMatches(typed, expected);
  const id = useId();
  const mismatch = Boolean(typed) && !matches;
  const label = prompt ?? t('typeToConfirm.label', { text: shown });
  useHoldConfirm(!matches);
  useEffect(() => onMatch?.(matches), [matches, onMatch]);
  // A screen reader announces what to type (the prompt) and, once typed, whether it differs.
  return (
    <Form.Item
      label={<span id={`${id}-prompt`}>{label}</span>}
      htmlFor={`${id}-input`}
      validateStatus={mismatch ? 'warning' : undefined}
      help={mismatch ? <span id={`${id}-help`}>{t('typeToConfirm.mismatch', { text: shown })}</span> : undefined}
      style={{ marginTop: 12, marginBottom: 0 }}
      layout="vertical"
    >
      <Input
        id={`${id}-input`}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.preventDefault();
        }}
        placeholder={shown}
        autoComplete="off"
        data-testid={testId}
        aria-label={label}
        aria-describedby={mismatch ? `${id}-prompt ${id}-help` : `${id}-prompt`}
      />
    </Form.Item>
  );
}
