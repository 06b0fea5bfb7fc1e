import { type Permission, permissionLabels, roleLabel, type SsoPage, ssoPageNamed } from '@rookery/contracts';
import type { TFunction } from 'i18next';
import { currentLocale } from '../../i18n';

/** A page of the registry by its route name, as shown: its title. */
export const pageTitle = (name: string) => ssoPageNamed(name)?.title[currentLocale()] ?? name;

/** A permission or role name as shown. */
export const accessName = (name: string) =>
  permissionLabels[name as Permission]?.[currentLocale()] ?? roleLabel(name, currentLocale());

/** What a page needs to open, in words. */
export function ruleText(page: Pick<SsoPage, 'rule'>, t: TFunction): string {
  if (page.rule === true) return t('sso.ruleEveryone');
  return page.rule.map(accessName).join(' / ');
}
