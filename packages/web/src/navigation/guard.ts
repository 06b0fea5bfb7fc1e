import { type AccessRule, can, pathTo, type ResolvedRoute } from '@rookery/contracts';
import type { SessionUser } from '../access/session';
import { afterSignIn, loginPath } from './route-index';

/**
 * Where a navigation must go instead of `route`, or null to let it through (spec §4):
 * no live session → login carrying the original full path; a pending or rejected registration →
 * its result page; a permission list the user lacks → 403.
 */
export function guardRedirect(
  route: Pick<ResolvedRoute, 'name' | 'auth' | 'public'>,
  session: Pick<SessionUser, 'access' | 'status'> | null,
  target: string,
): string | null {
  if (route.public) return null;
  if (!session) return loginPath(target);
  if (session.status !== 'active' && route.name !== 'registerResult') return pathTo('registerResult');
  // A resolved page always carries its rule; were it missing, `can` treats that as the programming error it is.
  if (!can(session.access, route.auth as AccessRule)) return pathTo('forbidden');
  return null;
}

/**
 * The login page for someone already signed in: an active session goes where the sign-in would
 * have taken it (the `redirect` it was given, else home), a pending one to its result page.
 */
export function signedInRedirect(
  session: Pick<SessionUser, 'status'> | null,
  redirectParam: string | null,
): string | null {
  if (!session) return null;
  return session.status === 'active' ? afterSignIn(redirectParam) : pathTo('registerResult');
}
