import { builtInRoles, defaultRoleGrants, MIN_PASSWORD_LENGTH, translate } from '@rookery/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { hashPassword } from '../../platform/security/password.js';
import { passwordProblem } from '../../platform/security/password-policy.js';
import { randomPassword } from '../../platform/security/tokens.js';
import { roles, staffUsers } from './tables.js';

/** Built-in roles exist with their default grants; an edited grant list is left as the operators made it. */
export async function seedBuiltInRoles(db: Db, now: Date): Promise<void> {
  await db
    .insert(roles)
    .values(
      builtInRoles.map((roleName) => ({
        roleName,
        content: defaultRoleGrants[roleName],
        builtIn: true,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing({ target: roles.roleName });
}

/**
 * The first start creates one `admin`. Its password comes from ROOKERY_ADMIN_PASSWORD, or is
 * generated and returned so the caller prints it once.
 */
export async function seedAdmin(
  db: Db,
  now: Date,
  password?: string,
): Promise<{ created: boolean; password?: string }> {
  const [existing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(staffUsers)
    .where(eq(staffUsers.role, 'admin'));
  if (existing.n > 0) return { created: false };
  // A given first password meets the rules of any new password (an existing admin is not re-checked).
  if (password !== undefined) {
    const problem =
      password.length < MIN_PASSWORD_LENGTH ? 'v.passwordLength' : passwordProblem(password, { username: 'admin' });
    if (problem) throw new Error(`ROOKERY_ADMIN_PASSWORD: ${translate(problem, 'en-US')}`);
  }
  const pwd = password ?? randomPassword();
  await db
    .insert(staffUsers)
    .values({
      username: 'admin',
      passwordHash: await hashPassword(pwd),
      role: 'admin',
      name: 'Administrator',
      createdAt: now,
    })
    .onConflictDoNothing({ target: staffUsers.username });
  return { created: true, password: password ? undefined : pwd };
}
