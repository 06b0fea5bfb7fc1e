import { builtInRoles, superRoles } from '@rookery/contracts';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { roles, staffSessions, staffUsers } from '../db/schema.js';
import { sha256 } from '../security/tokens.js';

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

/** `Authorization: <token>` or `Bearer <token>` → the live session, or null. */
export async function resolveSession(db: Db, header: string | undefined, now: Date): Promise<Session | null> {
  if (!header) return null;
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : header.trim();
  if (token.length < 20 || token.length > 100) return null;
  const tokenHash = sha256(token);
  const [row] = await db
    .select({
      userId: staffUsers.id,
      username: staffUsers.username,
      status: staffUsers.status,
      role: staffUsers.role,
      content: roles.content,
    })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.userId))
    .leftJoin(roles, eq(roles.roleName, staffUsers.role))
    .where(and(eq(staffSessions.tokenHash, tokenHash), gt(staffSessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  if (row.status === 'active') {
    const access = accessOf(row.role, row.content);
    return { tokenHash, userId: row.userId, username: row.username, role: row.role, access, pending: false };
  }
  if (row.status === 'pending' || row.status === 'rejected') {
    return { tokenHash, userId: row.userId, username: row.username, role: null, access: [], pending: true };
  }
  return null;
}
