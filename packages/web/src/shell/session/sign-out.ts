import { staffEndpoints } from '@rookery/contracts';
import { clearCredentials } from '../../access/credentials';
import { queryClient } from '../../api/query-client';
import { api } from '../../api/request';
import { useSettings } from '../settings/store';
import { useTabs } from '../tabs/store';
import { homeTab } from '../tabs/tab-entry';

/**
 * End the session on the server and forget it here. Open tabs and settings stay saved under the
 * user name (spec §2), so the next sign-in restores them; only the in-memory copies are reset.
 * `leave` navigates away from the console and is awaited before the cache and stores are emptied:
 * a console page still mounted when they empty would refetch without credentials, and its 401
 * would send the user to `login?redirect=…` instead of the plain login page.
 */
export async function signOut(leave: () => void | Promise<void>) {
  await api(staffEndpoints.logout, undefined, { quiet: true }).catch(() => undefined);
  clearCredentials();
  await leave();
  queryClient.clear();
  useTabs.setState({ owner: null, tabs: [homeTab] });
  useSettings.setState({ owner: null });
}
