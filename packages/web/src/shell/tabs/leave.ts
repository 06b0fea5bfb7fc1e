import { whenLeavingForm } from '../../ui/leave-form';
import { useTabs } from './store';
import { locationTabKey } from './tab-entry';
import { tabKey } from './tab-ops';

/**
 * A form that did its work (saved, created, sent) closes its tab, as the operator has no more use
 * for it; the kit's `useLeaveForm` then goes to the record or its list, whose tab opens as usual.
 */
whenLeavingForm(() => {
  const here = locationTabKey(window.location.pathname, window.location.search);
  const { tabs, apply } = useTabs.getState();
  apply(tabs.filter((tab) => tab.meta.affix || tabKey(tab) !== here));
  // The page being left may render once more before the address changes: it must not reopen its tab.
  useTabs.setState({ leaving: here });
});
