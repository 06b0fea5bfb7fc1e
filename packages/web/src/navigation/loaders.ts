import { pathTo, type ResolvedRoute } from '@rookery/contracts';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { readToken } from '../access/credentials';
import { queryClient } from '../api/query-client';
import { isApiError } from '../api/request';
import { guardRedirect, signedInRedirect } from './guard';

/** Loaded here, not imported: public pages (login) then start without the endpoint table. */
async function loadSession() {
  const { sessionQuery, asPreviewed } = await import('../access/session');
  // "View as role": the guard opens the pages the previewed role opens.
  return asPreviewed(await queryClient.ensureQueryData(sessionQuery));
}

/** Runs the guard before a page loads, so a forbidden page never renders, not even briefly. */
export function guardLoader(route: ResolvedRoute) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    if (route.name === 'login') {
      // Signed in already: the login form has nothing to do.
      const session = readToken() ? await loadSession().catch(() => null) : null;
      const to = signedInRedirect(session, url.searchParams.get('redirect'));
      if (to) throw redirect(to);
      return null;
    }
    if (route.public) return null;
    const session = readToken()
      ? await loadSession().catch((error: unknown) => {
          if (isApiError(error) && error.code === 401) return null;
          throw redirect(pathTo('serverError'));
        })
      : null;
    const to = guardRedirect(route, session, url.pathname + url.search);
    if (to) throw redirect(to);
    return null;
  };
}
