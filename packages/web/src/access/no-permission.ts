import { translate } from '@rookery/contracts';
import { currentLocale } from '../i18n';

/** Spec §6's permission-denied text, from the contracts message catalogue. */
export function noPermissionText(): string {
  return translate('http.noPermission', currentLocale());
}
