import { useNavigate } from 'react-router';

/** What leaving a finished form closes; the shell's tabs set it (`shell/tabs/leave.ts`). */
let closeFinishedForm: () => void = () => {};

/** The shell says how a form that did its work is closed (its tab), once at start. */
export function whenLeavingForm(close: () => void): void {
  closeFinishedForm = close;
}

/**
 * Leave a form once it did its work (saved, created, sent): what holds it closes (its tab, as the
 * operator has no more use for it), and the console goes to `to` (the record, or its list). The kit
 * uses it without knowing the shell's tabs.
 */
export function useLeaveForm(): (to: string) => void {
  const navigate = useNavigate();
  return (to) => {
    closeFinishedForm();
    navigate(to);
  };
}
