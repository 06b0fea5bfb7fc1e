import { builtInRoles, superRoles } from '@rookery/contracts';
import type { Db } from '../db/client.js';

export interface Session {
  tokenHash: string;
  userId: number;
  username: string;
  role: string | null;
  /** The role's permissions, plus the role's name when it is a built-in role (see `accessOf`). */
  access: string[];
  /** A registration awaiting approval: reaches only its own status. */
  pending: boolean;
}

/**
 * What a user may do: the role's permissions, and the role's name only when it is a built-in role
 * (route rules name those). A custom role's name never counts as a grant, so a role named after a
 * permission grants nothing by its name.
 */
export function accessOf(role: string | null, content: string[] | null): string[] {
  if (!role) return [];
  const permissions = content ?? [];
  return (builtInRoles as readonly string[]).includes(role) ? [role, ...permissions] : [...permissions];
}

export const isSuper = (s: Pick<Session, 'access'>) => s.access.some((a) => superRoles.includes(a));

/**
 * Who a console call's `Authorization` header names: the staff area answers it (its tables), the
 * app installs it (`app.resolveSession`) before any module registers, and the endpoint guard asks.
 */
export type SessionResolver = (db: Db, header: string | undefined, now: Date) => Promise<Session | null>;

/**
 * What the second factor says at a password sign-in whose password was right (issue 46): sign in
 * (with the recovery codes of a set-up made just now), ask for a code, set up first (the role
 * requires it), or a wrong / reused code (counted like a wrong password).
 */
export type SecondFactorOutcome =
  | { kind: 'ok'; recoveryCodes?: string[] }
  | { kind: 'required' }
  | { kind: 'enrol'; secret: string; otpauthUrl: string }
  | { kind: 'wrong' | 'reused' };

/** The sso area installs it (`app.secondFactor`); the staff area's sign-in asks it when present. */
export type SecondFactorCheck = (
  db: Db,
  user: { id: number; username: string; role: string | null },
  code: string | undefined,
  now: Date,
) => Promise<SecondFactorOutcome>;

declare module 'fastify' {
  interface FastifyInstance {
    resolveSession: SessionResolver;
    secondFactor?: SecondFactorCheck;
  }
}
