import type { RouteName } from '@rookery/contracts';
import type { ComponentType } from 'react';
import type { ResourceScreen } from '../../crud/resource/screen';
import type { PlayerTab } from './player-tabs';

export type { PlayerTab } from './player-tabs';

/** A page's module: its default export is the page. */
export type PageModule = { default: ComponentType };
/** A page loaded on first visit (the route-to-page map holds these). */
export type LazyPage = () => Promise<PageModule>;

/**
 * Pages bundled in one chunk (one module exporting a route name → page map, such as a resource
 * area's pages made from its declarations): each route name loads the chunk and takes its page.
 * `area.test.ts` checks that the chunk has a page for each name and no other.
 */
export function chunkPages<N extends RouteName>(
  load: () => Promise<Record<N, ComponentType>>,
  names: readonly N[],
): Record<N, LazyPage> {
  return Object.fromEntries(
    names.map((name) => [name, async (): Promise<PageModule> => ({ default: (await load())[name] })]),
  ) as Record<N, LazyPage>;
}

/**
 * A declared resource's pages for the named routes of its declaration (`resourceRoutePages`):
 * the kit's pages and the area's declaration load together, on first visit.
 */
export function resourcePageLoaders<N extends RouteName>(
  load: () => Promise<ResourceScreen>,
  names: readonly N[],
): Record<N, LazyPage> {
  return chunkPages(async () => {
    const [{ resourceRoutePages }, screen] = await Promise.all([import('../../crud/resource/pages'), load()]);
    return resourceRoutePages(screen) as Record<N, ComponentType>;
  }, names);
}

/**
 * What one web area brings, exported from `features/<area>/area.ts` and listed once in
 * `app/areas.ts`: the route-to-page map, the menu icons and the route table names, the tabs
 * it lends a player's page. Its other texts load with its pages (`./texts`).
 */
export interface WebArea {
  name: string;
  /** Route name → its page, loaded on first visit. */
  pages: Partial<Record<RouteName, LazyPage>>;
  /** Pages shown before signing in: in the login page's first load, so keep them few. */
  publicPages?: Partial<Record<RouteName, LazyPage>>;
  /** Icons the route table names for this area's menu entries (`icon: 'MailOutlined'`). */
  icons?: Record<string, ComponentType>;
  playerTabs?: readonly PlayerTab[];
}
