import type { ResolvedRoute } from '@rookery/contracts';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { readToken } from '../access/credentials';
import { queryClient } from '../api/query-client';
import { isApiError } from '../api/request';
import { guardRedirect } from './guard';

/** Runs the guard before a page loads, so a forbidden page never renders, not even briefly. */
export function guardLoader(route: ResolvedRoute) {
  return async ({ request }: LoaderFunctionArgs) => {
    if (route.public) return null;
    const url = new URL(request.url);
    // Loaded here, not imported: public pages (login) then start without the endpoint table.
    const { sessionQuery } = await import('../access/session');
    const session = readToken()
      ? await queryClient.ensureQueryData(sessionQuery).catch((error: unknown) => {
          if (isApiError(error) && error.code === 401) return null;
          throw redirect('/500');
        })
      : null;
    const to = guardRedirect(route, session, url.pathname + url.search);
    if (to) throw redirect(to);
    return null;
  };
}
