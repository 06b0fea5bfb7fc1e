import { type AccessRule, type ConsoleRoute, can, joinRoutePath } from '@rookery/contracts';

/** One entry of the side (or top) menu; `key` is the full path it opens. */
export interface MenuEntry {
  key: string;
  name: string;
  icon?: string;
  children?: MenuEntry[];
}

export interface MenuContext {
  access: readonly string[];
  /** The single-sign-on centre is configured. */
  sso: boolean;
  preRelease: boolean;
}

/** On pre-release hosts the side menu shows only this entry (spec §2). */
export const preReleaseMenuEntry = 'purchase';

/**
 * The menu derived from the (built) route table: entries the user's access passes, a parent only
 * when some child shows, SSO-only entries only with SSO on, pre-release hosts reduced to purchase.
 */
export function buildMenu(routes: readonly ConsoleRoute[], ctx: MenuContext): MenuEntry[] {
  const walk = (list: readonly ConsoleRoute[], parentPath: string, parentAuth: AccessRule): MenuEntry[] =>
    list.flatMap((route) => {
      const fullPath = joinRoutePath(parentPath, route.path);
      const auth = route.auth ?? parentAuth;
      if (route.hideInMenu || route.public) return [];
      if (route.feature === 'sso' && !ctx.sso) return [];
      if (ctx.preRelease && route.hideOnPreRelease) return [];
      if (route.children) {
        const children = walk(route.children, fullPath, auth);
        return children.length ? [{ key: fullPath, name: route.name, icon: route.icon, children }] : [];
      }
      return can(ctx.access, auth) ? [{ key: fullPath, name: route.name, icon: route.icon }] : [];
    });
  // A route with no rule of its own or its group's is for any signed-in user (as in `flattenRoutes`).
  const top = walk(routes, '', true);
  return ctx.preRelease ? top.filter((entry) => entry.name === preReleaseMenuEntry) : top;
}

/** Every leaf key of a menu, depth first (what the user can reach from it). */
export function menuLeafKeys(entries: readonly MenuEntry[]): string[] {
  return entries.flatMap((e) => (e.children ? menuLeafKeys(e.children) : [e.key]));
}
