import { staffEndpoints } from '@rookery/contracts';
import { storeCredentials } from '../../access/credentials';
import { type SessionUser, sessionQuery } from '../../access/session';
import { queryClient } from '../../api/query-client';
import { api } from '../../api/request';
import { useTabs } from '../tabs/store';

/** The sign-in form's rules: the login endpoint's own body schema. */
export const loginBody = staffEndpoints.login.body!;

/**
 * Sign in (spec §4): store the credentials (token, uuid, the fixed role cookie), then load the
 * session user and the tabs saved for them. Rejects with `{code, msg}` on failure.
 */
export async function signIn(
  username: string,
  password: string,
  code?: string,
): Promise<SessionUser & { recoveryCodes?: string[] }> {
  // `code`: the second factor, when the server asked for it (issue 46).
  const result = await api(staffEndpoints.login, { body: { username, password, code } }, { quiet: true });
  if (result.error) throw { code: 400, msg: result.error };
  storeCredentials(result.token, String(result.user.userId));
  queryClient.removeQueries();
  const session = await queryClient.fetchQuery(sessionQuery);
  useTabs.getState().restoreFor(session.username, session.access);
  return { ...session, recoveryCodes: result.recoveryCodes };
}
