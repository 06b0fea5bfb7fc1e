import { type BuiltInRole, superRoles } from './access.js';
import { type Label, type Locale, zhEn } from './bilingual.js';
import { operatingSystemLabels, operatingSystems } from './conditions.js';

/**
 * Labels of coded values that only signed-in screens show. Kept apart from enums.ts, which the
 * login page loads: a table here costs the first load nothing.
 */

/** What the console calls the built-in roles; a role made by an administrator shows its own name. */
export const builtInRoleLabels: Record<BuiltInRole, Label> = {
  maxRole: zhEn('超级管理员', 'Superuser'),
  admin: zhEn('管理员', 'Administrator'),
  operation: zhEn('运营', 'Operations'),
  developer: zhEn('开发', 'Developer'),
  tester: zhEn('测试', 'Tester'),
  service: zhEn('客服', 'Customer service'),
  serviceManager: zhEn('客服主管', 'Customer service manager'),
};

/** A role's name as the console shows it: a built-in role's label, or the name it was given. */
export function roleLabel(roleName: string, locale: Locale): string {
  return Object.hasOwn(builtInRoleLabels, roleName) ? builtInRoleLabels[roleName as BuiltInRole][locale] : roleName;
}

/** Whether a role passes every check (its permission list is not what it may do). */
export const isSuperRole = (roleName: string): boolean => superRoles.includes(roleName);

/** An OS as shown, whatever its case on the wire ("iOS" for ios, IOS or iOS). */
export function operatingSystemLabel(os: string | null | undefined): string {
  if (!os) return '-';
  const known = operatingSystems.find((o) => o === os.toLowerCase());
  return known ? operatingSystemLabels[known] : os;
}
