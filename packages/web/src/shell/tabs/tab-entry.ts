import { type AccessRule, can, type ResolvedRoute } from '@rookery/contracts';
import { findPageRoute, homeRoute } from '../../navigation/route-index';
import type { TabEntry } from './tab-ops';

/** The tab of a page route at a location. */
export function tabOf(route: ResolvedRoute, fullPath: string, params: Record<string, string>): TabEntry {
  const search = fullPath.includes('?') ? fullPath.slice(fullPath.indexOf('?')) : '';
  return {
    name: route.name,
    fullPath,
    params,
    query: Object.fromEntries(new URLSearchParams(search)),
    meta: { title: `routes.${route.name}`, icon: route.icon, cache: route.cache, affix: route.affixTab },
  };
}

export const homeTab: TabEntry = tabOf(homeRoute, homeRoute.fullPath, {});

/** A saved full path back as a tab, or null when its page is unknown, tab-less or forbidden. */
export function resolveSavedTab(fullPath: string, access: readonly string[]): TabEntry | null {
  const found = findPageRoute(fullPath.split(/[?#]/)[0]);
  if (!found || found.route.hideInTab || found.route.public || !can(access, found.route.auth as AccessRule))
    return null;
  return tabOf(found.route, fullPath, found.params);
}
