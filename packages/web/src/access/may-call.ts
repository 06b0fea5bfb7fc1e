import { can, type Endpoint } from '@rookery/contracts';

/**
 * Whether a user holding `access` may call a console endpoint, by the permission it declares (what
 * the server enforces). `byValue` is the value of the endpoint's `permissionBy` field the call
 * would carry or the server would read from the record (a row's kind or scope): its own rule then
 * decides too, as on the server; a value outside the map is refused there, so never offered here.
 */
export function mayCall(access: readonly string[], endpoint: Endpoint, byValue?: string): boolean {
  const rule = endpoint.permission;
  // Game-key and public endpoints are not the console's to call as staff.
  if (rule === 'public' || rule === 'pending' || rule === 'game') return false;
  if (!can(access, rule)) return false;
  const by = endpoint.permissionBy;
  if (!by || byValue === undefined) return true;
  return Object.hasOwn(by.map, byValue) && can(access, by.map[byValue]);
}
