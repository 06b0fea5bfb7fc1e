import { ssoSignInEndpoints } from '@rookery/contracts';
import { storeCredentials } from '../../access/credentials';
import type { SessionUser } from '../../access/session';
import { sessionQuery } from '../../access/session';
import { queryClient } from '../../api/query-client';
import { api } from '../../api/request';
import { useTabs } from '../../shell/tabs/store';

/**
 * Sign-in through the organisation's OpenID provider (the server holds the flow's secrets). Loaded
 * after the login page shows, like the password flow: the first load carries no endpoint table.
 */

/** Whether the provider is configured, and its name for the button. */
export const ssoOffer = () => api(ssoSignInEndpoints.getSsoSignIn, undefined, { quiet: true });

/** Send the browser to the provider; it comes back to `/callback/login`. */
export async function startSsoSignIn(redirect: string | null) {
  const { url } = await api(ssoSignInEndpoints.startSsoSignIn, { body: redirect ? { redirect } : {} }, { quiet: true });
  window.location.assign(url);
}

/**
 * The callback: hand the provider's answer to the server, then keep the session as a password
 * sign-in does. Rejects with `{code, msg}` (the server's message in the operator's language).
 */
export async function completeSsoSignIn(query: string): Promise<{ session: SessionUser; redirect: string | null }> {
  const result = await api(ssoSignInEndpoints.completeSsoSignIn, { body: { query } }, { quiet: true });
  storeCredentials(result.token, String(result.user.userId));
  queryClient.removeQueries();
  const session = await queryClient.fetchQuery(sessionQuery);
  useTabs.getState().restoreFor(session.username, session.access);
  return { session, redirect: result.redirect };
}
