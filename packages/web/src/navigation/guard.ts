import { can, type ResolvedRoute } from '@rookery/contracts';
import type { SessionUser } from '../access/session';
import { loginPath } from './route-index';

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
  if (session.status !== 'active' && route.name !== 'registerResult') return '/register/result';
  if (!can(session.access, route.auth)) return '/403';
  return null;
}
