import type { ResolvedRoute } from '@rookery/contracts';

export interface Crumb {
  name: string;
  /** Where clicking it goes: a group's default child; none for the current page. */
  path?: string;
}

/** The breadcrumb of a page: its ancestors from the route table, then itself. */
export function breadcrumbOf(route: ResolvedRoute, byName: ReadonlyMap<string, ResolvedRoute>): Crumb[] {
  return route.trail
    .map((name) => byName.get(name))
    .filter((r): r is ResolvedRoute => Boolean(r) && !r?.hideInBreadcrumb)
    .map((r) => (r.name === route.name ? { name: r.name } : { name: r.name, path: r.redirect ?? r.fullPath }));
}
