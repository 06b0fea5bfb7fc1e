import type { z } from 'zod';
import type { BuiltInRole } from './access.js';
import type {
  AreaDeclaration,
  AreaJobName,
  AreaMessageKey,
  AreaPermission,
  GrantedRole,
  PermissionGroup,
} from './area.js';
import { abtestArea } from './areas/abtest/area.js';
import { activitiesArea } from './areas/activities/area.js';
import { announcementsArea } from './areas/announcements/area.js';
import { battlePassArea } from './areas/battlepass/area.js';
import { chestsArea } from './areas/chests/area.js';
import { configArea } from './areas/config/area.js';
import { contentArea } from './areas/content/area.js';
import { dashboardArea } from './areas/dashboard/area.js';
import { devtoolsArea } from './areas/devtools/area.js';
import { gamegateArea } from './areas/gamegate/area.js';
import { giftCodesArea } from './areas/gift-codes/area.js';
import { guildsArea } from './areas/guilds/area.js';
import { jobsArea } from './areas/jobs/area.js';
import { logsArea } from './areas/logs/area.js';
import { mailArea } from './areas/mail/area.js';
import { minigameArea } from './areas/minigame/area.js';
import { ordersArea } from './areas/orders/area.js';
import { performanceArea } from './areas/performance/area.js';
import { piggyBankArea } from './areas/piggybank/area.js';
import { playersArea } from './areas/players/area.js';
import { promotionArea } from './areas/promotion/area.js';
import { pushArea } from './areas/push/area.js';
import { redisArea } from './areas/redis/area.js';
import { serversArea } from './areas/servers/area.js';
import { settingsArea } from './areas/settings/area.js';
import { shellArea } from './areas/shell/area.js';
import { ssoArea } from './areas/sso/area.js';
import { signInArea, staffArea } from './areas/staff/area.js';
import { storeArea } from './areas/store/area.js';
import type { AuditAction, AuditObject } from './audit-kit.js';
import type { Label } from './bilingual.js';
import { type Endpoint, isMutation } from './endpoint.js';
import { lateFolds } from './late-folds.js';
import { platformMessages } from './platform-messages.js';
import type { Resource } from './resource.js';
import { consoleRoutes } from './routes/index.js';
import type { ConsoleRoute } from './routes/types.js';

// Each area's module offers its parts (schemas, endpoint groups, messages) to the package's users.
export * from './areas/abtest/area.js';
export * from './areas/activities/area.js';
export * from './areas/announcements/area.js';
export * from './areas/battlepass/area.js';
export * from './areas/chests/area.js';
export * from './areas/config/area.js';
export * from './areas/content/area.js';
export * from './areas/dashboard/area.js';
export * from './areas/devtools/area.js';
export * from './areas/gamegate/area.js';
export * from './areas/gift-codes/area.js';
export * from './areas/guilds/area.js';
export * from './areas/jobs/area.js';
export * from './areas/logs/area.js';
export * from './areas/mail/area.js';
export * from './areas/minigame/area.js';
export * from './areas/orders/area.js';
export * from './areas/performance/area.js';
export * from './areas/piggybank/area.js';
export * from './areas/players/area.js';
export * from './areas/promotion/area.js';
export * from './areas/push/area.js';
export * from './areas/redis/area.js';
export * from './areas/servers/area.js';
export * from './areas/settings/area.js';
export * from './areas/shell/area.js';
export * from './areas/sso/area.js';
export * from './areas/staff/area.js';
export * from './areas/store/area.js';

/**
 * Every area of Rookery, in menu order: adding an area is writing its declaration
 * (`areas/<area>/area.ts`, `defineArea`) and one entry here (its import, its re-export, its place in
 * the list). Each catalogue below is a fold of this list — endpoints, resources, routes,
 * messages, jobs, permissions and their default grants, value labels, the audit vocabulary —
 * checked when it is built (`foldAreas`): a name declared twice, a permission no area declares,
 * a resource without its endpoints, a grant of another area's permission, an audit action or
 * audit target naming no declared object refuse to load.
 */
export const areas = [
  contentArea,
  configArea,
  gamegateArea,
  jobsArea,
  signInArea,
  dashboardArea,
  promotionArea,
  playersArea,
  mailArea,
  announcementsArea,
  storeArea,
  chestsArea,
  battlePassArea,
  giftCodesArea,
  activitiesArea,
  abtestArea,
  pushArea,
  settingsArea,
  ordersArea,
  piggyBankArea,
  guildsArea,
  minigameArea,
  serversArea,
  logsArea,
  performanceArea,
  redisArea,
  devtoolsArea,
  ssoArea,
  staffArea,
  shellArea,
] as const satisfies readonly AreaDeclaration[];

type Area = (typeof areas)[number];
type UnionToIntersection<U> = (U extends unknown ? (k: U) => void : never) extends (k: infer I) => void ? I : never;
type Simplify<T> = { [K in keyof T]: T[K] } & {};
/** One part of every area, merged into one table with every name literal. */
type Folded<K extends keyof AreaDeclaration> = Simplify<
  UnionToIntersection<Area extends infer A ? (A extends { readonly [P in K]: infer T } ? T : never) : never>
>;

/** The catalogues of a list of areas, and what is wrong with them (an empty list when nothing is). */
export function foldAreas(list: readonly AreaDeclaration[]) {
  const problems: string[] = [];
  const merge = <T>(part: (a: AreaDeclaration) => Readonly<Record<string, T>> | undefined, what: string) => {
    const out: Record<string, T> = {};
    const owner = new Map<string, string>();
    for (const area of list)
      for (const [name, value] of Object.entries(part(area) ?? {})) {
        if (owner.has(name)) problems.push(`${what} ${name}: declared by ${owner.get(name)} and ${area.name}`);
        owner.set(name, area.name);
        out[name] = value;
      }
    return out;
  };
  const names = new Set<string>();
  for (const area of list) {
    if (names.has(area.name)) problems.push(`area ${area.name}: declared twice`);
    names.add(area.name);
  }
  const permissionGroups = merge((a) => a.permissions, 'permission group');
  const permissionLabels = merge<Label>(
    (a) => Object.assign({}, ...Object.values(a.permissions ?? {}).map((g) => g.permissions)),
    'permission',
  );
  const endpoints = merge((a) => a.endpoints, 'endpoint');
  const resources = merge((a) => a.resources, 'resource');
  const messages = merge((a) => a.messages, 'message');
  for (const key of Object.keys(messages))
    if (Object.hasOwn(platformMessages, key)) problems.push(`message ${key}: declared by the platform and an area`);
  const jobs = merge((a) => a.jobs, 'job');
  const routes = list.flatMap((a) => a.routes ?? []);
  const routeNames = new Set<string>();
  const walk = (rs: readonly ConsoleRoute[]) => {
    for (const r of rs) {
      if (routeNames.has(r.name)) problems.push(`route ${r.name}: declared twice`);
      routeNames.add(r.name);
      if (Array.isArray(r.auth))
        for (const name of r.auth)
          if (!Object.hasOwn(permissionLabels, name) && !roleNames.has(name))
            problems.push(`route ${r.name}: unknown permission ${name}`);
      if (r.children) walk(r.children);
    }
  };
  walk(routes);
  for (const [name, e] of Object.entries(endpoints))
    if (Array.isArray(e.permission))
      for (const p of e.permission as readonly string[])
        if (!Object.hasOwn(permissionLabels, p) && !roleNames.has(p))
          problems.push(`endpoint ${name}: unknown permission ${p}`);
  for (const [name, r] of Object.entries(resources)) {
    if (r.name !== name) problems.push(`resource ${name}: declared under another name (${r.name})`);
    const list = r.spec ? r.spec.endpoints.list : `${r.name}List`;
    if (!Object.hasOwn(endpoints, list)) problems.push(`resource ${name}: its endpoints are not in its area`);
    for (const p of new Set(Object.values(r.permissions).flat() as string[]))
      if (!Object.hasOwn(permissionLabels, p)) problems.push(`resource ${name}: unknown permission ${p}`);
  }
  // Default grants: each area gives the built-in roles some of its own permissions.
  const grants: Record<GrantedRole, string[]> = {
    operation: [],
    developer: [],
    tester: [],
    service: [],
    serviceManager: [],
  };
  for (const area of list)
    for (const [role, names] of Object.entries(area.grants ?? {})) {
      if (!Object.hasOwn(grants, role)) {
        problems.push(`grants of ${area.name}: ${role} is no built-in role that holds grants`);
        continue;
      }
      const own = new Set(Object.values(area.permissions ?? {}).flatMap((g) => Object.keys(g.permissions)));
      for (const p of names ?? []) {
        if (!own.has(p)) problems.push(`grants of ${area.name}: ${p} is not one of its permissions`);
        else if (grants[role as GrantedRole].includes(p))
          problems.push(`grants of ${area.name}: ${p} given twice to ${role}`);
        else grants[role as GrantedRole].push(p);
      }
    }
  // Coded values' labels by field: areas may share a field (`kind`), not a code of it.
  const values: Record<string, Record<string, Label>> = {};
  const valueOwner = new Map<string, string>();
  for (const area of list)
    for (const [field, table] of Object.entries(area.values ?? {}))
      for (const [code, label] of Object.entries(table)) {
        const key = `${field}: ${code}`;
        if (valueOwner.has(key)) problems.push(`value ${key}: labelled by ${valueOwner.get(key)} and ${area.name}`);
        valueOwner.set(key, area.name);
        values[field] = { ...values[field], [code]: label };
      }
  // The audit vocabulary: every kind an action or an endpoint names is declared, every page exists.
  const auditObjects = merge<AuditObject>((a) => a.audit?.objects, 'audit object');
  const auditActions = merge<AuditAction>((a) => a.audit?.actions, 'audit action');
  const prefixes = new Map(Object.entries(auditObjects).flatMap(([k, o]) => (o.prefix ? [[o.prefix, k]] : [])));
  const isKind = (k: string) => Object.hasOwn(auditObjects, k);
  for (const [kind, o] of Object.entries(auditObjects))
    if (o.page && !routeNames.has(o.page.route)) problems.push(`audit object ${kind}: no route ${o.page.route}`);
  for (const [name, a] of Object.entries(auditActions)) {
    if (a.target && !isKind(a.target)) problems.push(`audit action ${name}: undeclared object ${a.target}`);
    for (const text of Object.values(a.sentence))
      for (const [, kind] of text.matchAll(/\{(\w+)\}/g))
        if (!isKind(kind!)) problems.push(`audit action ${name}: undeclared object ${kind} in its sentence`);
  }
  for (const [name, e] of Object.entries(endpoints))
    if (isMutation(e) && e.permission !== 'game')
      for (const t of [e.auditTarget ?? []].flat())
        if (/^[a-z][A-Za-z]*$/.test(t) && !isKind(t) && !prefixes.has(t))
          problems.push(`endpoint ${name}: audit target ${t} is no declared object`);
  for (const [name, r] of Object.entries(resources))
    if (r.list && Object.keys((r.list as { actions?: object }).actions ?? {}).length && !isKind(r.name))
      problems.push(`resource ${name}: its list actions name an undeclared object`);
  return {
    permissionGroups,
    permissionLabels,
    endpoints,
    resources,
    messages,
    jobs,
    routes,
    grants,
    values,
    auditObjects,
    auditActions,
    problems,
  };
}

/** The built-in role names a rule may name beside permissions (see `access.ts`). */
const roleNames = new Set(['maxRole', 'admin', 'operation', 'developer', 'tester', 'service', 'serviceManager']);

const fold = foldAreas(areas);
if (fold.problems.length) throw new Error(`The areas do not fit together:\n${fold.problems.join('\n')}`);

/** The permission tree's groups, in area order. */
export const permissionGroups: Readonly<Record<string, PermissionGroup>> = fold.permissionGroups;
export const permissionLabels = fold.permissionLabels as Record<AreaPermission, Label>;

/** Every console and game API call, by name. */
export const endpoints = fold.endpoints as Folded<'endpoints'> satisfies Record<string, Endpoint>;
export type EndpointName = keyof typeof endpoints;

/** Every resource declared with the kit, by name. */
export const resources = fold.resources as Folded<'resources'>;
export type ResourceName = keyof typeof resources;

/** The kinds the game may read. */
export const gameVisibleKinds: string[] = (
  Object.values(resources) as Resource<string, z.ZodObject, boolean, boolean>[]
)
  .filter((r) => r.gameVisible)
  .map((r) => r.name);

/** Every message key of the platform and the areas, with its text in both languages. */
export const messages = { ...platformMessages, ...fold.messages } as Record<
  keyof typeof platformMessages | AreaMessageKey,
  Label
>;

/** Every job name, with its label (the server declares the handler under the same name). */
export const jobCatalogue = fold.jobs as Record<AreaJobName, Label>;
export const jobNames = Object.keys(jobCatalogue) as AreaJobName[];
export const allPermissions = Object.keys(permissionLabels) as AreaPermission[];

/** Default grants of the built-in roles: each area's `grants`, folded (the roles are seeded with them). */
export const defaultRoleGrants = { maxRole: [], admin: [], ...fold.grants } as Record<BuiltInRole, AreaPermission[]>;

/** The labels of the areas' coded values, by field (the vocabulary's `valueLabels` adds the platform's). */
export const areaValueLabels: Readonly<Record<string, Readonly<Record<string, Label>>>> = fold.values;

/** The areas' audit vocabulary, folded (`audit-actions.ts` reads it). */
export const areaAudit = { objects: fold.auditObjects, actions: fold.auditActions };

lateFolds.permissions = new Set(allPermissions);
lateFolds.gameVisibleKinds = gameVisibleKinds;
lateFolds.jobNames = jobNames;

// The route table the login page reads is listed apart (`routes/index.ts`, kept light); it must be
// the areas' routes, in their order.
const folded = fold.routes.map((r) => r.name).join(' ');
const listed = consoleRoutes.map((r) => r.name).join(' ');
if (folded !== listed || fold.routes.some((r, i) => r !== consoleRoutes[i]))
  throw new Error(`The route table (routes/index.ts) is not the areas' routes:\n${listed}\n${folded}`);
