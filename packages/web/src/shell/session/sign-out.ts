import { pathTo, ssoSignInEndpoints } from '@rookery/contracts';
import { clearCredentials } from '../../access/credentials';
import { stopPreview } from '../../access/preview';
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
  // Sign-out is a change: a role preview ends first (its marker would have the server refuse it).
  stopPreview();
  // The sign-out that also names the OpenID provider's end-session address when this session came
  // through it (RP-initiated logout); the provider then returns the browser to the login page.
  const postLogoutUrl = new URL(pathTo('login'), window.location.origin).href;
  const ended = await api(ssoSignInEndpoints.ssoLogout, { body: { postLogoutUrl } }, { quiet: true }).catch(
    () => undefined,
  );
  clearCredentials();
  await leave();
  queryClient.clear();
  useTabs.setState({ owner: null, tabs: [homeTab] });
  useSettings.setState({ owner: null });
  if (ended?.endSessionUrl) window.location.assign(ended.endSessionUrl);
}
