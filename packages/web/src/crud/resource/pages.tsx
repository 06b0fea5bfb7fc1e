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
