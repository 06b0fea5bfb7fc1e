import type { roleSchema, StaffStatus, staffUserSchema } from '@rookery/contracts';
import { allPermissions, builtInRoles, superRoles } from '@rookery/contracts';
import { and, count, desc, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { asLegacyList, containsPattern, paginate } from '../../platform/db/paginate.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { accessOf } from '../../platform/http/session.js';
import { roles, staffSessions, staffUsers } from './tables.js';

type RoleRow = typeof roles.$inferSelect;
type UserRow = typeof staffUsers.$inferSelect;
type Role = z.output<typeof roleSchema>;
type StaffUser = z.output<typeof staffUserSchema>;

export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

export function toRole(row: RoleRow, userCount = 0): Role {
  return {
    id: row.id,
    roleName: row.roleName,
    content: row.content,
    builtIn: row.builtIn,
    userCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function toStaffUser(row: UserRow): StaffUser {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    email: row.email,
    phoneNumber: row.phoneNumber,
    name: row.name,
    status: row.status,
    createdAt: row.createdAt,
    lastLoginAt: row.lastLoginAt,
  };
}

export async function listRoles(db: Db, q: { roleName?: string; pageNum: number; pageSize: number }) {
  const userCounts = db
    .select({ role: staffUsers.role, n: count().as('n') })
    .from(staffUsers)
    .groupBy(staffUsers.role)
    .as('uc');
  const page = await paginate(db, {
    from: roles,
    select: (d) =>
      d.select({ role: roles, n: userCounts.n }).from(roles).leftJoin(userCounts, eq(userCounts.role, roles.roleName)),
    filters: [q.roleName ? ilike(roles.roleName, containsPattern(q.roleName)) : undefined],
    orderBy: [sql`${roles.id}`],
    page: q.pageNum,
    pageSize: q.pageSize,
  });
  return asLegacyList(page, (r) => toRole(r.role, Number(r.n ?? 0)));
}

export async function getRoleRow(db: Db, id: number): Promise<RoleRow> {
  const [row] = await db.select().from(roles).where(eq(roles.id, id));
  if (!row) throw notFound('role.notFound');
  return row;
}

async function roleUserCount(db: Db, roleName: string): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(staffUsers).where(eq(staffUsers.role, roleName));
  return n;
}

export async function getRole(db: Db, id: number): Promise<Role> {
  const row = await getRoleRow(db, id);
  return toRole(row, await roleUserCount(db, row.roleName));
}

/** Names a new role may not take in any letter case: a permission's or a built-in role's. */
const reservedRoleNames = new Set([...allPermissions, ...builtInRoles].map((n) => n.toLowerCase()));

export const isReservedRoleName = (name: string) => reservedRoleNames.has(name.toLowerCase());

async function assertRoleNameFree(db: Db, roleName: string, exceptId?: number) {
  const [clash] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      exceptId
        ? and(sql`lower(${roles.roleName}) = lower(${roleName})`, ne(roles.id, exceptId))
        : sql`lower(${roles.roleName}) = lower(${roleName})`,
    );
  if (clash) throw conflict('role.nameTaken', 'roleName');
}

export async function createRole(db: Db, body: { roleName: string; content: string[] }, now: Date): Promise<Role> {
  if (isReservedRoleName(body.roleName)) throw badRequest('role.nameReserved', 'roleName');
  await assertRoleNameFree(db, body.roleName);
  const [row] = await db
    .insert(roles)
    .values({ roleName: body.roleName, content: body.content, createdAt: now, updatedAt: now })
    .returning();
  return toRole(row);
}

export async function updateRole(db: Db, id: number, body: { roleName: string; content: string[] }, now: Date) {
  const before = await getRoleRow(db, id);
  if (before.builtIn && before.roleName !== body.roleName) throw badRequest('role.builtIn', 'roleName');
  if (!before.builtIn && isReservedRoleName(body.roleName)) throw badRequest('role.nameReserved', 'roleName');
  await assertRoleNameFree(db, body.roleName, id);
  const [row] = await db
    .update(roles)
    .set({ roleName: body.roleName, content: body.content, updatedAt: now })
    .where(eq(roles.id, id))
    .returning();
  return { before: toRole(before), after: toRole(row, await roleUserCount(db, row.roleName)) };
}

export async function deleteRole(db: Db, id: number): Promise<RoleRow> {
  const row = await getRoleRow(db, id);
  if (row.builtIn) throw badRequest('role.builtIn');
  if ((await roleUserCount(db, row.roleName)) > 0) throw conflict('role.inUse');
  await db.delete(roles).where(eq(roles.id, id));
  return row;
}

export async function copyRole(db: Db, body: { roleName: string; id: number }, now: Date): Promise<Role> {
  const source = await getRoleRow(db, body.id);
  return createRole(db, { roleName: body.roleName, content: source.content }, now);
}

export async function findRoleByName(db: Db, roleName: string): Promise<RoleRow | undefined> {
  const [row] = await db.select().from(roles).where(eq(roles.roleName, roleName));
  return row;
}

/**
 * Nobody hands out more than they hold: a super user grants any role; anyone else only a role
 * whose name and permissions they hold themselves. Only a built-in role's name is a grant (route
 * rules name them; see `accessOf`), so that name must be their own; a custom role's name grants
 * nothing, and one that collides with a permission or built-in name (a row older than the rule)
 * is refused outright.
 */
export async function assertRoleGrantable(db: Db, roleName: string, actorAccess: string[], field = 'role') {
  const role = await findRoleByName(db, roleName);
  if (!role) throw badRequest('role.notFound', field);
  if (actorAccess.some((a) => superRoles.includes(a))) return;
  const exceeds =
    superRoles.includes(roleName) ||
    (isBuiltInRole(roleName) && !actorAccess.includes(roleName)) ||
    (!isBuiltInRole(roleName) && isReservedRoleName(roleName)) ||
    role.content.some((p) => !actorAccess.includes(p));
  if (exceeds) throw new AppError(403, 'role.superRole', { fields: [{ field, message: 'role.superRole' }] });
}

/**
 * Role management is a permission (`sysRoleManage`), not only the admin's: a manager who is not a
 * super user puts into a role only permissions they hold, and edits no role holding more.
 */
export function assertContentGrantable(content: readonly string[], actorAccess: string[]) {
  if (actorAccess.some((a) => superRoles.includes(a))) return;
  if (content.some((p) => !actorAccess.includes(p)))
    throw new AppError(403, 'role.superRole', { fields: [{ field: 'content', message: 'role.superRole' }] });
}

export async function listStaffUsers(
  db: Db,
  q: { email?: string; status?: StaffStatus; pageNum: number; pageSize: number },
) {
  const page = await paginate(db, {
    from: staffUsers,
    filters: [
      q.email ? ilike(staffUsers.email, containsPattern(q.email)) : undefined,
      q.status ? eq(staffUsers.status, q.status) : undefined,
    ],
    orderBy: [desc(staffUsers.id)],
    page: q.pageNum,
    pageSize: q.pageSize,
  });
  // The spec names this list's rows `users`, otherwise the legacy shape.
  const { datas: users, ...rest } = asLegacyList(page, toStaffUser);
  return { users, ...rest };
}

export async function getStaffUserRow(db: Db, id: number): Promise<UserRow> {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, id));
  if (!row) throw notFound('staff.notFound');
  return row;
}

export async function assertUserFieldsFree(db: Db, f: { username?: string; email?: string | null }, exceptId?: number) {
  const others = exceptId ? ne(staffUsers.id, exceptId) : undefined;
  /** Whether another user has this value in `column`, case aside. */
  const taken = async (column: typeof staffUsers.username | typeof staffUsers.email, value: string) => {
    const [c] = await db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(and(sql`lower(${column}) = lower(${value})`, others));
    return Boolean(c);
  };
  if (f.username && (await taken(staffUsers.username, f.username))) throw conflict('staff.usernameTaken', 'username');
  if (f.email && (await taken(staffUsers.email, f.email))) throw conflict('staff.emailTaken', 'email');
}

/** Nobody disables or demotes the last active admin. */
export async function assertNotLastAdmin(db: Db, user: UserRow, next: { role?: string | null; status?: string }) {
  const losesAdmin =
    user.role === 'admin' &&
    user.status === 'active' &&
    ((next.role !== undefined && next.role !== 'admin') || (next.status !== undefined && next.status !== 'active'));
  if (!losesAdmin) return;
  const [{ n }] = await db
    .select({ n: count() })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, 'admin'), eq(staffUsers.status, 'active'), ne(staffUsers.id, user.id)));
  if (n === 0) throw conflict('staff.lastAdmin', next.role !== undefined ? 'role' : 'status');
}

export async function endSessions(db: Db, userId: number, exceptTokenHash?: string) {
  await db
    .delete(staffSessions)
    .where(
      and(eq(staffSessions.userId, userId), exceptTokenHash ? ne(staffSessions.tokenHash, exceptTokenHash) : undefined),
    );
}

export async function staffCounts(db: Db) {
  const rows = await db.select({ status: staffUsers.status, n: count() }).from(staffUsers).groupBy(staffUsers.status);
  const [{ n: roleCount }] = await db.select({ n: count() }).from(roles);
  const by = Object.fromEntries(rows.map((r) => [r.status, r.n]));
  return {
    staffUsers: (by.active ?? 0) + (by.disabled ?? 0),
    activeStaffUsers: by.active ?? 0,
    pendingRegistrations: by.pending ?? 0,
    roles: roleCount,
  };
}

export const isBuiltInRole = (name: string) => (builtInRoles as readonly string[]).includes(name);

/** End one session (signing out). */
export async function endSession(db: Db, tokenHash: string) {
  await db.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash));
}

/** The account with this email address (any letter case), for a sign-in through the OpenID provider. */
export async function findStaffByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ user: staffUsers, content: roles.content })
    .from(staffUsers)
    .leftJoin(roles, eq(roles.roleName, staffUsers.role))
    .where(sql`lower(${staffUsers.email}) = lower(${email})`);
  return row;
}

/**
 * A registration made at the first sign-in through the OpenID provider (just-in-time
 * provisioning): pending, no role, no usable password; it appears for review in `/system/allow`.
 */
export async function provisionPendingFromProvider(
  db: Db,
  f: { email: string; name: string | null; passwordHash: string },
  now: Date,
) {
  await assertUserFieldsFree(db, { username: f.email, email: f.email });
  const [row] = await db
    .insert(staffUsers)
    .values({
      username: f.email,
      email: f.email,
      name: f.name,
      passwordHash: f.passwordHash,
      role: null,
      status: 'pending',
      source: 'sso',
      passwordSignIn: false,
      createdAt: now,
    })
    .returning();
  return row;
}

// ---- For the SSO centre (`modules/sso-centre`): an SSO user is a staff account it creates and
// changes through these, never through the staff tables.

/** Staff accounts by id (missing ids are left out). */
export async function staffUsersByIds(db: Db, ids: readonly number[]): Promise<Map<number, UserRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(staffUsers)
    .where(inArray(staffUsers.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Ids of the staff accounts whose email contains `text` (case aside). */
export async function staffIdsByEmail(db: Db, text: string): Promise<number[]> {
  const rows = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(ilike(staffUsers.email, containsPattern(text)));
  return rows.map((r) => r.id);
}

/**
 * A staff account made for someone who signs in through the provider: matched by email at the
 * first sign-in; its password is a random one nobody knows (password sign-in stays useless).
 */
export async function createStaffAccount(
  db: Db,
  values: { username: string; email: string; name: string | null; role: string | null; passwordHash: string },
  now: Date,
): Promise<UserRow> {
  await assertUserFieldsFree(db, values);
  const [row] = await db
    .insert(staffUsers)
    .values({ ...values, status: 'active', source: 'console', createdAt: now })
    .returning();
  return row;
}

/** Change an account's name, role or status; a role change or a disable ends its sessions. */
export async function updateStaffAccount(
  db: Db,
  id: number,
  next: { name?: string | null; role?: string | null; status?: 'active' | 'disabled' },
): Promise<UserRow> {
  const before = await getStaffUserRow(db, id);
  await assertNotLastAdmin(db, before, next);
  const [row] = await db.update(staffUsers).set(next).where(eq(staffUsers.id, id)).returning();
  if ((next.role !== undefined && next.role !== before.role) || (next.status && next.status !== before.status))
    await endSessions(db, id);
  return row;
}

/** What a session of this role holds (the "view as role" preview reads it as the session does). */
export const accessOfRole = (role: RoleRow) => accessOf(role.roleName, role.content);
