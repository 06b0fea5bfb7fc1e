import { type EndpointResponse, staffEndpoints } from '@rookery/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api/request';
import { readToken } from './credentials';
import { currentPreview, usePreview } from './preview';
import { sessionQueryKey } from './session-key';

export type SessionUser = EndpointResponse<typeof staffEndpoints.getSession>;

/** The server keeps user names URL-encoded (spec §3); the console shows them decoded. */
export function decodeUsername(username: string): string {
  try {
    return decodeURIComponent(username);
  } catch {
    return username;
  }
}

export const sessionQuery = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: async (): Promise<SessionUser> => {
    const user = await api(staffEndpoints.getSession);
    return { ...user, username: decodeUsername(user.username) };
  },
  staleTime: Number.POSITIVE_INFINITY,
});

export function useSession() {
  return useQuery({ ...sessionQuery, enabled: Boolean(readToken()) });
}

/**
 * The role name plus the role's permissions; empty while signed out. While an admin views the
 * console as a role ("view as role"), that role's access.
 */
export function useAccess(): readonly string[] {
  const preview = usePreview();
  const access = useSession().data?.access ?? noAccess;
  return preview && access !== noAccess ? preview.access : access;
}

/** The session as the guard reads it: the previewed role's access while previewing. */
export function asPreviewed<S extends { access: string[] }>(session: S): S {
  const preview = currentPreview();
  return preview ? { ...session, access: preview.access } : session;
}

const noAccess: readonly string[] = [];

/** Deployment features the session turns on (the SSO centre); all off while signed out. */
export function sessionFeatures(session: SessionUser | undefined): { sso: boolean } {
  return { sso: session?.features?.sso === true };
}
