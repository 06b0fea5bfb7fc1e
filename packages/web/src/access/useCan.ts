import { type AccessRule, can, type Endpoint } from '@rookery/contracts';
import { useCallback } from 'react';
import { mayCall } from './may-call';
import { useAccess } from './session';

/** `can(rule)` for the signed-in user; the one access question screens ask. */
export function useCan(): (rule: AccessRule) => boolean {
  const access = useAccess();
  return useCallback((rule) => can(access, rule), [access]);
}

/**
 * Whether the signed-in user may call a console endpoint (`mayCall`): a screen hides what would
 * only answer 403. Give `byValue` for an endpoint whose rule depends on a row's value (its kind).
 */
export function useMayCall(): (endpoint: Endpoint, byValue?: string) => boolean {
  const access = useAccess();
  return useCallback((endpoint, byValue) => mayCall(access, endpoint, byValue), [access]);
}
