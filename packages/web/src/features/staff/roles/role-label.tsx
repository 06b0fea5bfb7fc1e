import { isSuperRole, type Permission, permissionLabels, type Role, roleLabel } from '@rookery/contracts';
import type { TFunction } from 'i18next';
import { currentLocale } from '../../../i18n';

/** A role's name as shown: a built-in role's label, or its own name. */
export const roleText = (roleName: string) => roleLabel(roleName, currentLocale());

/** What a role may do, in words: "all permissions" for the roles that pass every check. */
export function rolePermissionsText(role: Pick<Role, 'roleName' | 'content'>, t: TFunction): string {
  if (isSuperRole(role.roleName)) return t('staff.allPermissions');
  if (!role.content.length) return '-';
  return role.content.map((p) => permissionLabels[p as Permission]?.[currentLocale()] ?? p).join('、');
}

/** How many permissions a role holds, or "all permissions". */
export function rolePermissionCount(role: Pick<Role, 'roleName' | 'content'>, t: TFunction): string {
  return isSuperRole(role.roleName) ? t('staff.allPermissions') : role.content.length.toLocaleString(currentLocale());
}
