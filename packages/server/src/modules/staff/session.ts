import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { accessOf, type Session } from '../../platform/http/session.js';
import { sha256 } from '../../platform/security/tokens.js';
import { roles, staffSessions, staffUsers } from './tables.js';

/** `Authorization: <token>` or `Bearer <token>` → the live session, or null. */
export async function resolveStaffSession(db: Db, header: string | undefined, now: Date): Promise<Session | null> {
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
