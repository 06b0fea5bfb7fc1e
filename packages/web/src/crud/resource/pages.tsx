import type { ComponentType } from 'react';
import { ResourceEditPage } from './ResourceEditPage';
import { ResourceList } from './ResourceList';
import type { ResourceScreen } from './screen';

const made = new WeakMap<ResourceScreen, { list: ComponentType; edit: ComponentType }>();

/** The list and edit pages of a declared resource screen (one component each, made once). */
export function resourcePages(screen: ResourceScreen) {
  let pages = made.get(screen);
  if (!pages) {
    pages = { list: () => <ResourceList screen={screen} />, edit: () => <ResourceEditPage screen={screen} /> };
    made.set(screen, pages);
  }
  return pages;
}

/**
 * A declared resource screen's pages by route name, from its declaration's routes (the part's
 * when it has one): the list route shows the list; the edit and create routes the edit page.
 */
export function resourceRoutePages(screen: ResourceScreen): Record<string, ComponentType> {
  const routes = screen.part?.routes ?? screen.resource.routes;
  if (!routes) throw new Error(`resource ${screen.resource.name} declares no routes`);
  const { list, edit } = resourcePages(screen);
  return Object.fromEntries([
    [routes.list, list],
    ...(routes.edit ? [[routes.edit, edit]] : []),
    ...(routes.create ? [[routes.create, edit]] : []),
  ]);
}
