import { staffEndpoints } from '@rookery/contracts';
import { queryClient } from '../api/query-client';
import { api } from '../api/request';
import { useSettings } from '../shell/settings/store';
import { useTabs } from '../shell/tabs/store';
import { homeTab } from '../shell/tabs/tab-entry';
import { clearCredentials } from './credentials';

/**
 * End the session on the server and forget it here. Open tabs and settings stay saved under the
 * user name (spec §2), so the next sign-in restores them; only the in-memory copies are reset.
 */
export async function signOut() {
  await api(staffEndpoints.logout, undefined, { quiet: true }).catch(() => undefined);
  clearCredentials();
  queryClient.clear();
  useTabs.setState({ owner: null, tabs: [homeTab] });
  useSettings.setState({ owner: null });
}
