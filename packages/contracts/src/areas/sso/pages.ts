import { builtInRoles } from '../../access.js';
import type { Label } from '../../bilingual.js';
import { consoleRoutes, flattenRoutes, type ResolvedRoute } from '../../routes/index.js';

/**
 * The SSO page registry: every console page an SSO role can name, read off the route table (never
 * a second list). A page is a signed-in route that is not a group and not a shell helper
 * (refresh, redirect). What a page needs is its access rule; what it *grants* to an SSO role is
 * the permission names in that rule (role names are left out: a built-in role's name would open
 * every page that names the role, so a page only a role opens cannot be handed out by an SSO role).
 */
export interface SsoPage {
  name: string;
  path: string;
  title: Label;
  /** The route's rule: `true` (any signed-in user) or any of these role/permission names. */
  rule: true | string[];
  /** The permissions an SSO role naming this page gives its users (empty: `rule` is `true` or only roles). */
  grants: string[];
  /** An SSO role may name it: it opens to everyone, or it has permissions to give. */
  grantable: boolean;
  /** The screen exists (unbuilt pages are listed but open nowhere yet). */
  built: boolean;
}

const shellHelpers = new Set(['refresh', 'redirect']);
const roleNames = new Set<string>(builtInRoles);

const toPage = (r: ResolvedRoute): SsoPage => {
  const rule = r.auth === true || r.auth === undefined ? true : [...r.auth];
  const grants = rule === true ? [] : rule.filter((n) => !roleNames.has(n));
  return {
    name: r.name,
    path: r.fullPath,
    title: r.title,
    rule,
    grants,
    grantable: rule === true || grants.length > 0,
    built: r.built === true,
  };
};

/** The registry, in menu order. */
export const ssoPages: readonly SsoPage[] = flattenRoutes(consoleRoutes)
  .filter((r) => !r.public && !r.hasChildren && !shellHelpers.has(r.name))
  .map(toPage);

const byName: ReadonlyMap<string, SsoPage> = new Map(ssoPages.map((p) => [p.name, p]));

export const ssoPageNamed = (name: string): SsoPage | undefined => byName.get(name);

/**
 * What a set of pages adds to a user's access: the union of their grants. The server's session
 * and the console's "view as" preview both compute access with this one function.
 */
export function ssoPageAccess(pages: readonly string[]): string[] {
  const out = new Set<string>();
  for (const name of pages) for (const g of byName.get(name)?.grants ?? []) out.add(g);
  return [...out];
}

/** A user's access: the console role's access ∪ what their SSO roles' pages need. */
export function withSsoPages(access: readonly string[], pages: readonly string[]): string[] {
  return [...new Set([...access, ...ssoPageAccess(pages)])];
}
