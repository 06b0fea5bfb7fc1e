import { pathTo, type RouteName, routeNamed } from '@rookery/contracts';

/**
 * The address of a resource's edit page for one item (or for a new one without `key`): the item
 * in the route's `:id` when its path has one (`piggyBankEdit/:id`), else in `?key=`.
 */
export function itemPath(route: RouteName, key?: string): string {
  const byId = routeNamed(route).fullPath.includes(':id');
  if (byId) return key === undefined ? pathTo(route, { id: '' }) : pathTo(route, { id: key });
  return pathTo(route, undefined, key === undefined ? undefined : { key });
}
