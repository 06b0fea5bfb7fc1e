import { builtRoutes, flattenRoutes, homePath, pathTo, type ResolvedRoute } from '@rookery/contracts';
import type { TFunction } from 'i18next';
import { matchPath } from 'react-router';

/** Every built route, resolved: what the router, menu, tabs and breadcrumb know about. */
export const knownRoutes: ResolvedRoute[] = flattenRoutes(builtRoutes());

export const routeByName: ReadonlyMap<string, ResolvedRoute> = new Map(knownRoutes.map((r) => [r.name, r]));

/** The route table writes a splat as `:route*`; React Router wants `*`. */
export function toRouterPath(fullPath: string): string {
  return fullPath.replace(/:\w+\*$/, '*');
}

/** Routes that render a screen (groups only redirect). */
export const pageRoutes: ResolvedRoute[] = knownRoutes.filter((r) => !r.hasChildren);

/** The page route a location shows, if any. */
export function findPageRoute(pathname: string): { route: ResolvedRoute; params: Record<string, string> } | undefined {
  for (const route of pageRoutes) {
    const match = matchPath({ path: toRouterPath(route.fullPath), end: true }, pathname);
    if (match) return { route, params: match.params as Record<string, string> };
  }
  return undefined;
}

/** The index page: the affix tab, where sign-in lands. */
export const homeRoute: ResolvedRoute =
  knownRoutes.find((r) => r.affixTab) ?? (routeByName.get('console') as ResolvedRoute);

export { homePath };

export function loginPath(target?: string): string {
  return target && target !== '/' && !target.startsWith(pathTo('login'))
    ? pathTo('login', undefined, { redirect: target })
    : pathTo('login');
}

/**
 * Where a signed-in user goes from the login page: the `redirect` it was given when that is a
 * console path, else home. The registration pages are not followed: an approved applicant whose
 * pending session ended comes back through login and belongs in the console.
 */
export function afterSignIn(target: string | null | undefined): string {
  const inside = target?.startsWith('/') && !target.startsWith('//');
  const leavesConsole = [pathTo('login'), pathTo('register')].some(
    (page) => target === page || target?.startsWith(`${page}/`) || target?.startsWith(`${page}?`),
  );
  return inside && !leavesConsole ? target! : homePath;
}

/** The address parameters an edit page reads its record by (`?key=` a resource, `?id=` a record). */
const recordParams = ['key', 'id', 'userId'];

/**
 * A route's title, naming the record it shows when its `recordQuery` gives one ("玩家 1042"), by
 * the route's own wording (`tabs.records.<name>`) when it has one. The tab and the browser title
 * both read it.
 */
export function routeTitle(t: TFunction, name: string, record?: string | null, query?: Record<string, string>): string {
  // An edit page with no record in its address creates one: "新建实验", not "编辑实验".
  const created = query && !recordParams.some((p) => query[p]) ? t(`routesNew.${name}`, { defaultValue: '' }) : '';
  if (created) return created;
  const title = t(`routes.${name}`);
  return record ? t(`tabs.records.${name}`, { record, defaultValue: `${title} ${record}` }) : title;
}
