import { DAY_MS } from '@rookery/contracts';
import { and, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { captchas, loginFailures, staffSessions } from './tables.js';

/**
 * Forget what public endpoints leave behind once it can no longer matter: expired sessions,
 * captchas a day past their end, failure counters a day old and not locking anything.
 */
export async function pruneStaffAuthState(db: Db, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  await db.delete(staffSessions).where(lt(staffSessions.expiresAt, now));
  await db.delete(captchas).where(lt(captchas.expiresAt, dayAgo));
  await db
    .delete(loginFailures)
    .where(
      and(
        lt(loginFailures.windowStart, dayAgo),
        or(isNull(loginFailures.lockedUntil), lt(loginFailures.lockedUntil, now)),
      ),
    );
}
