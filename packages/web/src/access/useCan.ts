import { type AccessRule, can, type Endpoint } from '@rookery/contracts';
import { useCallback } from 'react';
import { useAccess } from './session';

/** `can(rule)` for the signed-in user; the one access question screens ask. */
export function useCan(): (rule: AccessRule) => boolean {
  const access = useAccess();
  return useCallback((rule) => can(access, rule), [access]);
}

/**
 * Whether the signed-in user may call a console endpoint, by the permission it declares (what the
 * server enforces): a screen hides what would only answer 403.
 */
export function useMayCall(): (endpoint: Endpoint) => boolean {
  const access = useAccess();
  return useCallback(
    (endpoint) => {
      const rule = endpoint.permission;
      // Game-key and public endpoints are not the console's to call as staff.
      if (rule === 'public' || rule === 'pending' || rule === 'game') return false;
      return can(access, rule);
    },
    [access],
  );
}
