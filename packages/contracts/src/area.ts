import type { z } from 'zod';
import type { AreaAudit } from './audit-kit.js';
import type { Label } from './bilingual.js';
import type { Endpoint } from './endpoint.js';
import type { Resource } from './resource.js';
import type { ConsoleRoute } from './routes/types.js';

/** A group of the permission tree (the role editor's branches): its title and its permissions. */
export interface PermissionGroup {
  label: Label;
  permissions: Readonly<Record<string, Label>>;
}

/**
 * What an area brings to the contracts, in one declaration: its permission groups, its console
 * pages (its part of the route table, in menu order), its endpoints (console and game API), its
 * kit resources, its messages (keys the server sends and schemas carry), its jobs (name → label).
 * `areas.ts` lists the areas; every catalogue (`endpoints`, `resources`, `consoleRoutes`,
 * `messages`, `jobCatalogue`, `permissionGroups`, `defaultRoleGrants`, the audit vocabulary) is a
 * fold over that list, checked there.
 */
export interface AreaDeclaration {
  /** Unique among the areas; the key under which it registers its types (`AreaTypes`). */
  readonly name: string;
  readonly permissions?: Readonly<Record<string, PermissionGroup>>;
  readonly routes?: readonly ConsoleRoute[];
  readonly endpoints?: Readonly<Record<string, Endpoint<any, any, any, any>>>;
  readonly resources?: Readonly<Record<string, Resource<string, z.ZodObject, boolean, boolean>>>;
  readonly messages?: Readonly<Record<string, Label>>;
  readonly jobs?: Readonly<Record<string, Label>>;
  /** What the built-in roles hold of its permissions by default (`defaultRoleGrants` is the fold). */
  readonly grants?: Readonly<Partial<Record<GrantedRole, readonly string[]>>>;
  /**
   * The labels of its coded values by the field that holds them (`kind: { rotating: 轮换 }`): the
   * vocabulary's `valueLabels` is the fold with the platform's own.
   */
  readonly values?: Readonly<Record<string, Readonly<Record<string, Label>>>>;
  /** Its audit vocabulary: object kinds and action sentences (`audit-actions.ts` is the fold). */
  readonly audit?: AreaAudit;
}

/** The built-in roles that hold grants (`maxRole` and `admin` pass every check without). */
export type GrantedRole = 'operation' | 'developer' | 'tester' | 'service' | 'serviceManager';

/** An area's default grants: by built-in role, some of its own permissions. */
export type DefaultGrants<Groups extends Readonly<Record<string, PermissionGroup>>> = Partial<
  Record<GrantedRole, readonly { [G in keyof Groups]: keyof Groups[G]['permissions'] & string }[keyof Groups][]>
>;

/** One role's list in an area's `grants`: a list two roles share is written once. */
export type GrantList<Groups extends Readonly<Record<string, PermissionGroup>>> = NonNullable<
  DefaultGrants<Groups>[GrantedRole]
>;

/**
 * The names an area declares that the contracts' own declarations are typed by — permissions
 * (`Permission`), console pages (`RouteName`), messages (`MessageKey`) and jobs (`JobName`) —
 * by area name, one interface a part. Each area file adds its entries next to its declaration:
 *
 * ```ts
 * declare module '../../area.js' {
 *   interface AreaPermissionGroups { giftCodes: typeof permissions }
 *   interface AreaRouteTables { giftCodes: typeof giftCodeRoutes }
 * }
 * ```
 *
 * (They cannot be read off the list of areas: a route names permissions and a resource names
 * routes, so the list's type would depend on itself.) `areas.test.ts` checks that the entries and
 * the declarations agree.
 */
// biome-ignore-start lint/suspicious/noEmptyInterface: each area file adds its members (declaration merging)
export interface AreaPermissionGroups {}
export interface AreaRouteTables {}
export interface AreaMessages {}
export interface AreaJobs {}
// biome-ignore-end lint/suspicious/noEmptyInterface: -

type Values<T> = T[keyof T];

/** Every permission name every area declares. */
export type AreaPermission = Values<{
  [A in keyof AreaPermissionGroups]: {
    [G in keyof AreaPermissionGroups[A]]: AreaPermissionGroups[A][G] extends { permissions: infer P }
      ? keyof P & string
      : never;
  }[keyof AreaPermissionGroups[A]];
}>;
/** Every area's route part, as declared. */
export type AreaRoutes = Values<AreaRouteTables>;
/** Every message key every area declares. */
export type AreaMessageKey = Values<{ [A in keyof AreaMessages]: keyof AreaMessages[A] & string }>;
/** Every job name every area declares. */
export type AreaJobName = Values<{ [A in keyof AreaJobs]: keyof AreaJobs[A] & string }>;

/** Declares an area, keeping every name as a literal type. */
export const defineArea = <const A extends AreaDeclaration>(area: A): A => area;
