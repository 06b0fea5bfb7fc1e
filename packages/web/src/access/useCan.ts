import { type AccessRule, can } from '@rookery/contracts';
import { useCallback } from 'react';
import { useAccess } from './session';

/** `can(rule)` for the signed-in user; the one access question screens ask. */
export function useCan(): (rule: AccessRule) => boolean {
  const access = useAccess();
  return useCallback((rule) => can(access, rule), [access]);
}
