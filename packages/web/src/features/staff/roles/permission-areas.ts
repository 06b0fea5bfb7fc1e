import { builtRoutes, flattenRoutes, isPermission } from '@rookery/contracts';

/** An area of the permission tree with its permissions (as `GET /permession` serves it). */
export interface AreaNode {
  name: string;
  title: string;
  children: readonly { name: string; title: string }[];
}

/** Permissions named by the access rules of the routes whose screens are built. */
export function builtRoutePermissions(): Set<string> {
  return new Set(
    flattenRoutes(builtRoutes())
      .flatMap((r) => (Array.isArray(r.auth) ? r.auth : []))
      .filter(isPermission),
  );
}

/**
 * The areas a role can be given: those with a built screen (one of their permissions guards a
 * built route), all of their permissions with them. Derived from the route table, so an area
 * appears as soon as its first screen is built.
 */
export function builtAreas<A extends AreaNode>(tree: readonly A[], built = builtRoutePermissions()): A[] {
  return tree.filter((area) => area.children.some((p) => built.has(p.name)));
}

/**
 * The tree narrowed to a search: a permission stays when its title or name holds the text (any
 * case), an area with all its permissions when its own title does. Empty areas go.
 */
export function searchTree<A extends AreaNode>(tree: readonly A[], text: string): A[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...tree];
  const hit = (n: { name: string; title: string }) =>
    n.title.toLowerCase().includes(needle) || n.name.toLowerCase().includes(needle);
  return tree.flatMap((area) => {
    if (hit(area)) return [area];
    const children = area.children.filter(hit);
    return children.length ? [{ ...area, children }] : [];
  });
}
