import { useNavigate } from 'react-router';
import { useTabs } from './store';
import { locationTabKey } from './tab-entry';
import { tabKey } from './tab-ops';

/**
 * Leave a form once it did its work (saved, created, sent): its tab closes, as the operator has no
 * more use for it, and the console goes to `to` (the record, or its list), whose tab opens as usual.
 */
export function useLeaveForm(): (to: string) => void {
  const navigate = useNavigate();
  return (to) => {
    const here = locationTabKey(window.location.pathname, window.location.search);
    const { tabs, apply } = useTabs.getState();
    apply(tabs.filter((tab) => tab.meta.affix || tabKey(tab) !== here));
    // The page being left may render once more before the address changes: it must not reopen its tab.
    useTabs.setState({ leaving: here });
    navigate(to);
  };
}
