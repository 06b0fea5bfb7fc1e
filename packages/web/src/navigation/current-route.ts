import type { ResolvedRoute } from '@rookery/contracts';
import { useMatches } from 'react-router';

/** What each router entry carries: its route table entry. */
export interface RouteHandle {
  route: ResolvedRoute;
}

/** The route table entry of the page on screen (the deepest match that has one). */
export function useCurrentRoute(): { route: ResolvedRoute | undefined; params: Record<string, string> } {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (handle?.route) return { route: handle.route, params: matches[i].params as Record<string, string> };
  }
  return { route: undefined, params: {} };
}
