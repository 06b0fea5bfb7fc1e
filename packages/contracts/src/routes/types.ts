import { type AccessRule, opsRoles } from '../access.js';
import type { Label } from '../bilingual.js';
import type { Permission } from '../permissions.js';

/**
 * One page (or group) of the console route table: the one place a console page is declared.
 * Router, side menu, breadcrumb, tab titles, page titles and the SSO page registry are all
 * derived from it, its title too (`title`, both languages; the web's i18n `routes.<name>` is read
 * off the table).
 */
export interface ConsoleRoute {
  /** Relative to the parent, or absolute when it starts with `/`. */
  path: string;
  /** Unique; also the i18n title key suffix and the screen registry key. */
  name: string;
  /** What the page is called: menu entry, tab, breadcrumb and heading. */
  title: Label;
  /** An edit page's title when it creates a new item (no record in its address): 新建实验 / New experiment. */
  newTitle?: Label;
  icon?: string;
  /** `true` = signed in; a list = any of these role or permission names. Children without one inherit the parent's. */
  auth?: AccessRule;
  /** No sign-in needed. */
  public?: boolean;
  hideInMenu?: boolean;
  hideInTab?: boolean;
  hideInBreadcrumb?: boolean;
  /** The tab that is always open and cannot be closed. */
  affixTab?: boolean;
  /** meta.cache: keep the page alive while its tab is open. */
  cache?: boolean;
  /** Default child (full path). */
  redirect?: string;
  /** The screen exists. Routes whose screen is not built yet stay out of router and menu. */
  built?: boolean;
  /** Shown only when a deployment setting is on (`sso`: single-sign-on centre configured). */
  feature?: 'sso';
  /** Hidden on pre-release hosts (the spec's order menu). */
  hideOnPreRelease?: boolean;
  /**
   * The query parameter that names the record the page shows (the player detail's `userId`):
   * each record gets its own tab, titled with it.
   */
  recordQuery?: string;
  /**
   * A page hidden from the menu (an edit or detail page) names the menu entry it belongs to;
   * the side menu highlights that entry while the page is shown.
   */
  activeMenu?: string;
  /** When the owner depends on a query parameter (mail edit: its scope): value → menu entry, else `activeMenu`. */
  activeMenuBy?: { query: string; names: Readonly<Record<string, string>> };
  children?: readonly ConsoleRoute[];
}

/**
 * Declares part of the route table, keeping its names as literal types (so `RouteName` is
 * derived from the table and a wrong name is a type error).
 */
export function defineRoutes<const T extends readonly ConsoleRoute[]>(routes: T): T {
  return routes;
}

/**
 * A page opened from a menu entry (an edit or detail page): not in the menu itself, and the entry
 * it belongs to stays highlighted while it is shown.
 */
export const under = (menuEntry: string) => ({ activeMenu: menuEntry, hideInMenu: true }) as const;

/** The spec's configuration pages: the four ops roles or any of the given permissions. */
export const ops = (...perms: Permission[]): AccessRule => [...opsRoles, ...perms];
/** Player support pages: customer service too. */
export const playerSupport = (...perms: Permission[]): AccessRule => ['service', ...opsRoles, ...perms];

/** The names declared in a part of the table, children included. */
export type RouteNamesOf<T> = T extends readonly (infer R)[]
  ? R extends { name: infer N extends string }
    ? N | (R extends { children: infer C } ? RouteNamesOf<C> : never)
    : never
  : never;
