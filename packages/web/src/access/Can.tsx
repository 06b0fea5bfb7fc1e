import type { AccessRule } from '@rookery/contracts';
import type { ReactNode } from 'react';
import { useCan } from './useCan';

/** The permission directive: renders its children only when the user passes `rule`. */
export function Can({
  rule,
  children,
  fallback = null,
}: {
  rule: AccessRule;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useCan()(rule) ? children : fallback;
}
