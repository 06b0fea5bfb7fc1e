import type { AccessRule } from '../access.js';
import type { AreaRoutes } from '../area.js';
import { abtestRoutes } from '../areas/abtest/routes.js';
import { activityRoutes } from '../areas/activities/routes.js';
import { announcementRoutes } from '../areas/announcements/routes.js';
import { dashboardRoutes } from '../areas/dashboard/routes.js';
import { devtoolRoutes } from '../areas/devtools/routes.js';
import { giftCodeRoutes } from '../areas/gift-codes/routes.js';
import { guildRoutes } from '../areas/guilds/routes.js';
import { logRoutes } from '../areas/logs/routes.js';
import { mailRoutes, templateRoutes } from '../areas/mail/routes.js';
import { minigameRoutes } from '../areas/minigame/routes.js';
import { orderRoutes } from '../areas/orders/routes.js';
import { performanceRoutes } from '../areas/performance/routes.js';
import { playerRoutes } from '../areas/players/routes.js';
import { promotionRoutes } from '../areas/promotion/routes.js';
import { pushRoutes } from '../areas/push/routes.js';
import { redisRoutes } from '../areas/redis/routes.js';
import { serverRoutes } from '../areas/servers/routes.js';
import { settingRoutes } from '../areas/settings/routes.js';
import { shellRoutes } from '../areas/shell/routes.js';
import { ssoRoutes } from '../areas/sso/routes.js';
import { passwordRoutes, systemRoutes } from '../areas/staff/routes.js';
import { signInRoutes } from '../areas/staff/sign-in-routes.js';
import { storeRoutes } from '../areas/store/routes.js';
import type { Locale } from '../bilingual.js';
import type { ConsoleRoute, RouteNamesOf } from './types.js';

export { type ConsoleRoute, defineRoutes, type RouteNamesOf } from './types.js';

/** Every route name of the table (each area declares its part): a name that is not declared is a type error. */
export type RouteName = RouteNamesOf<AreaRoutes>;

/** The whole console route table, in menu order: the fold of the areas' routes (`areas.ts`). */
/**
 * The whole console route table, in menu order: each area's routes, listed here as well as in its
 * declaration, because the login page reads this table before sign-in and the areas' fold brings
 * every endpoint and resource with it (about 70 kB brotli over the login page's 250 kB budget).
 * `areas.ts` refuses to load when this list and the areas' routes differ.
 */
const routeTable = [
  ...signInRoutes,
  ...dashboardRoutes,
  ...promotionRoutes,
  ...playerRoutes,
  ...mailRoutes,
  ...templateRoutes,
  ...announcementRoutes,
  ...storeRoutes,
  ...giftCodeRoutes,
  ...activityRoutes,
  ...abtestRoutes,
  ...pushRoutes,
  ...settingRoutes,
  ...orderRoutes,
  ...guildRoutes,
  ...minigameRoutes,
  ...serverRoutes,
  ...logRoutes,
  ...performanceRoutes,
  ...redisRoutes,
  ...devtoolRoutes,
  ...ssoRoutes,
  ...systemRoutes,
  ...passwordRoutes,
  ...shellRoutes,
] as const;

export const consoleRoutes: readonly ConsoleRoute[] = routeTable;

/** A route with its absolute path, effective auth and ancestors resolved. */
export interface ResolvedRoute extends Omit<ConsoleRoute, 'children'> {
  fullPath: string;
  /** Names from the top-level group down to this route. */
  trail: string[];
  hasChildren: boolean;
}

export function joinRoutePath(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
}

/** Depth-first list of every route, parents before children, with inherited auth. */
export function flattenRoutes(routes: readonly ConsoleRoute[] = consoleRoutes): ResolvedRoute[] {
  const out: ResolvedRoute[] = [];
  const walk = (
    list: readonly ConsoleRoute[],
    parentPath: string,
    parentAuth: AccessRule | undefined,
    trail: string[],
  ) => {
    for (const { children, ...route } of list) {
      const fullPath = joinRoutePath(parentPath, route.path);
      const auth = route.auth ?? parentAuth;
      const resolved: ResolvedRoute = {
        ...route,
        auth: route.public ? undefined : (auth ?? true),
        fullPath,
        trail: [...trail, route.name],
        hasChildren: Boolean(children?.length),
      };
      out.push(resolved);
      if (children) walk(children, fullPath, auth, resolved.trail);
    }
  };
  walk(routes, '', undefined, []);
  return out;
}

/** Routes whose screens are built: what the router and menu may show. A group is kept while any child is. */
export function builtRoutes(routes: readonly ConsoleRoute[] = consoleRoutes): ConsoleRoute[] {
  return routes.flatMap((r) => {
    if (!r.children) return r.built ? [r] : [];
    const children = builtRoutes(r.children);
    return children.length ? [{ ...r, children }] : [];
  });
}

const resolvedByName: ReadonlyMap<string, ResolvedRoute> = new Map(flattenRoutes().map((r) => [r.name, r]));

/** The resolved route of a name; an unknown name is a programming error. */
export function routeNamed(name: RouteName): ResolvedRoute {
  const route = resolvedByName.get(name);
  if (!route) throw new Error(`Unknown console route '${name}'`);
  return route;
}

/** The page every session starts on and whose tab is always kept. */
export const homePath = pathTo('console');

/** Values a page link may carry in its query; empty ones are left out. */
export type RouteQuery = Readonly<Record<string, string | number | boolean | null | undefined>>;

/**
 * The full path of a page by its route name: `:param` segments filled from `params` (a missing
 * one throws), then the query (`undefined`, `null` and `''` values left out).
 * `pathTo('gameUserDetail', undefined, { userId: 1042 })` → `/user/detail?userId=1042`.
 */
export function pathTo(
  name: RouteName,
  params?: Readonly<Record<string, string | number>>,
  query?: RouteQuery,
): string {
  const route = routeNamed(name);
  const path = route.fullPath.replace(/:(\w+)\*?/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined) throw new Error(`Route '${name}' needs the parameter '${key}'`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null && value !== '') search.append(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * Who may open a page by its route name (inherited from its group when it declares none).
 * A public page is open to anyone, so its rule is `true`.
 */
export function routeAuth(name: RouteName): AccessRule {
  return routeNamed(name).auth ?? true;
}

/**
 * The menu entry a page belongs to: its own name when it is in the menu, else the list it
 * declares (`activeMenu`, or by a query value with `activeMenuBy`).
 */
export function menuOwner(
  route: Pick<ResolvedRoute, 'name' | 'activeMenu' | 'activeMenuBy'>,
  query?: URLSearchParams,
): string {
  const byQuery = route.activeMenuBy && query?.get(route.activeMenuBy.query);
  return (byQuery && route.activeMenuBy?.names[byQuery]) || route.activeMenu || route.name;
}

/** Every route's title in `locale`, by route name (the web's i18n `routes`). */
export function routeTitles(locale: Locale): Record<string, string> {
  return Object.fromEntries(flattenRoutes().map((r) => [r.name, r.title[locale]]));
}

/** The titles edit pages take when they create a new item, in `locale` (the web's i18n `routesNew`). */
export function newRouteTitles(locale: Locale): Record<string, string> {
  return Object.fromEntries(flattenRoutes().flatMap((r) => (r.newTitle ? [[r.name, r.newTitle[locale]]] : [])));
}
