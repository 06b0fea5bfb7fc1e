/**
 * Built-in staff roles. `maxRole` and `admin` pass every check; the others hold the default
 * grants their areas declare (`defineArea({ grants })`, folded as `defaultRoleGrants` in `areas.ts`),
 * seeded as their `content`, editable later like any role.
 */
export const builtInRoles = [
  'maxRole',
  'admin',
  'operation',
  'developer',
  'tester',
  'service',
  'serviceManager',
] as const;
export type BuiltInRole = (typeof builtInRoles)[number];

export const superRoles: readonly string[] = ['maxRole', 'admin'];

/** The six named roles of the spec (the password page and other "everyone" routes). */
export const namedRoles = ['admin', 'operation', 'developer', 'tester', 'service', 'serviceManager'] as const;

/** Roles the spec gives most configuration pages: purchase, template, activity, abtest, log, performance, redis. */
export const opsRoles = ['admin', 'operation', 'developer', 'tester'] as const;

/**
 * An access rule: `true` means any signed-in user; a list passes when the user's access list
 * holds any of its names (role names or permission names).
 */
export type AccessRule = true | readonly string[];

/**
 * What `can` does with a rule that is not there (a route or endpoint looked up by a wrong name):
 * a programming error, so it throws in development and tests; in production it denies.
 */
export type MissingRulePolicy = 'throw' | 'deny';

function defaultMissingRulePolicy(): MissingRulePolicy {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.NODE_ENV === 'production' ? 'deny' : 'throw';
}

let missingRulePolicy: MissingRulePolicy = defaultMissingRulePolicy();

/** Set by the web at start from its build mode (the server follows `NODE_ENV`). */
export function setMissingRulePolicy(policy: MissingRulePolicy): void {
  missingRulePolicy = policy;
}

/** The one access question both sides ask. `access` is the role name plus the role's permissions. */
export function can(access: readonly string[], rule: AccessRule): boolean {
  if (rule !== true && !Array.isArray(rule)) {
    if (missingRulePolicy === 'throw') throw new Error(`Access rule missing: ${String(rule)}`);
    return false;
  }
  if (rule === true) return true;
  if (access.some((a) => superRoles.includes(a))) return true;
  return rule.some((name) => access.includes(name));
}
