/**
 * The permission catalogue: every permission name of the console, in groups with labels. Each
 * area declares its groups (`defineArea({ permissions })`); the catalogue is their fold
 * (`areas.ts`). The server guards endpoints with these names, roles store them in `content`, and
 * the web asks `can()` about them.
 */
import type { AreaPermission } from './area.js';
import { permissionGroups, permissionLabels } from './areas.js';
import type { Label, Locale } from './bilingual.js';

export type Permission = AreaPermission;
export { allPermissions, permissionGroups, permissionLabels } from './areas.js';

export function isPermission(name: string): name is Permission {
  return Object.hasOwn(permissionLabels, name);
}

/** A node of the tree served by `GET /permession`: areas with their permissions as children. */
export interface PermissionNode {
  name: string;
  title: string;
  children: PermissionNode[];
}

export function permissionTree(locale: Locale): PermissionNode[] {
  return Object.entries(permissionGroups).map(([name, area]) => ({
    name,
    title: area.label[locale],
    children: Object.entries(area.permissions).map(([p, label]) => ({
      name: p,
      title: (label as Label)[locale],
      children: [],
    })),
  }));
}
