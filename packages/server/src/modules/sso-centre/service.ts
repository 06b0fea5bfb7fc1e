import type {
  ssoCompanyBodySchema,
  ssoCompanySchema,
  ssoRoleBodySchema,
  ssoRoleSchema,
  ssoUserSchema,
} from '@rookery/contracts';
import { and, asc, desc, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { asList, containsPattern, paginate } from '../../platform/db/paginate.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import * as staff from '../staff/service.js';
import { ssoCompanies, ssoRoles, ssoUserRoles, ssoUsers } from './tables.js';

type CompanyRow = typeof ssoCompanies.$inferSelect;
type RoleRow = typeof ssoRoles.$inferSelect;
type UserRow = typeof ssoUsers.$inferSelect;
type Company = z.output<typeof ssoCompanySchema>;
type Role = z.output<typeof ssoRoleSchema>;
type User = z.output<typeof ssoUserSchema>;
type CompanyInput = z.output<typeof ssoCompanyBodySchema>;
type RoleInput = z.output<typeof ssoRoleBodySchema>;

// ---- Companies

const roleCountSql =
  sql<number>`(select count(*)::int from ${ssoRoles} where ${ssoRoles.companyId} = ${ssoCompanies.id})`.mapWith(Number);
const userCountSql =
  sql<number>`(select count(*)::int from ${ssoUsers} where ${ssoUsers.companyId} = ${ssoCompanies.id})`.mapWith(Number);
const companyColumns = { company: ssoCompanies, roleCount: roleCountSql, userCount: userCountSql };

const toCompany = (r: { company: CompanyRow; roleCount: number; userCount: number }): Company => ({
  id: r.company.id,
  name: r.company.name,
  emailDomains: r.company.emailDomains,
  enabled: r.company.enabled,
  roleCount: r.roleCount,
  userCount: r.userCount,
  createdAt: r.company.createdAt,
  updatedAt: r.company.updatedAt,
});

export async function listCompanies(db: Db, q: { name?: string; page: number; pageSize: number }) {
  const page = await paginate(db, {
    from: ssoCompanies,
    select: (d) => d.select(companyColumns).from(ssoCompanies),
    filters: [q.name ? ilike(ssoCompanies.name, containsPattern(q.name)) : undefined],
    orderBy: [asc(ssoCompanies.id)],
    page: q.page,
    pageSize: q.pageSize,
  });
  return asList(page, toCompany);
}

export async function getCompany(db: Db, id: number, field?: string): Promise<Company> {
  const [row] = await db.select(companyColumns).from(ssoCompanies).where(eq(ssoCompanies.id, id));
  if (!row) throw field ? badRequest('sso.companyNotFound', field) : notFound('sso.companyNotFound');
  return toCompany(row);
}

/** A company's name is unique (case aside), and an email domain belongs to one company. */
async function assertCompanyFree(db: Db, body: CompanyInput, exceptId?: number) {
  const others = exceptId ? ne(ssoCompanies.id, exceptId) : undefined;
  const [clash] = await db
    .select({ id: ssoCompanies.id })
    .from(ssoCompanies)
    .where(and(sql`lower(${ssoCompanies.name}) = lower(${body.name})`, others));
  if (clash) throw conflict('sso.companyNameTaken', 'name');
  if (body.emailDomains.length === 0) return;
  const [shared] = await db
    .select({ id: ssoCompanies.id })
    .from(ssoCompanies)
    .where(and(sql`${ssoCompanies.emailDomains} ?| ${sql.param(body.emailDomains)}::text[]`, others));
  if (shared) throw conflict('sso.domainTaken', 'emailDomains');
}

export async function createCompany(db: Db, body: CompanyInput, now: Date): Promise<Company> {
  await assertCompanyFree(db, body);
  const [row] = await db
    .insert(ssoCompanies)
    .values({ ...body, createdAt: now, updatedAt: now })
    .returning();
  return getCompany(db, row.id);
}

export async function updateCompany(db: Db, id: number, body: CompanyInput, now: Date) {
  const before = await getCompany(db, id);
  await assertCompanyFree(db, body, id);
  await db
    .update(ssoCompanies)
    .set({ ...body, updatedAt: now })
    .where(eq(ssoCompanies.id, id));
  return { before, after: await getCompany(db, id) };
}

// ---- SSO roles

const roleUserCountSql =
  sql<number>`(select count(*)::int from ${ssoUserRoles} where ${ssoUserRoles.roleId} = ${ssoRoles.id})`.mapWith(
    Number,
  );
const roleColumns = { role: ssoRoles, companyName: ssoCompanies.name, userCount: roleUserCountSql };
const toRole = (r: { role: RoleRow; companyName: string; userCount: number }): Role => ({
  id: r.role.id,
  companyId: r.role.companyId,
  companyName: r.companyName,
  name: r.role.name,
  pages: r.role.pages,
  userCount: r.userCount,
  createdAt: r.role.createdAt,
  updatedAt: r.role.updatedAt,
});

export async function listRoles(db: Db, q: { companyId?: number; name?: string; page: number; pageSize: number }) {
  const page = await paginate(db, {
    from: ssoRoles,
    select: (d) =>
      d.select(roleColumns).from(ssoRoles).innerJoin(ssoCompanies, eq(ssoCompanies.id, ssoRoles.companyId)),
    filters: [
      q.companyId ? eq(ssoRoles.companyId, q.companyId) : undefined,
      q.name ? ilike(ssoRoles.name, containsPattern(q.name)) : undefined,
    ],
    orderBy: [asc(ssoRoles.companyId), asc(ssoRoles.id)],
    page: q.page,
    pageSize: q.pageSize,
  });
  return asList(page, toRole);
}

export async function getRole(db: Db, id: number): Promise<Role> {
  const [row] = await db
    .select(roleColumns)
    .from(ssoRoles)
    .innerJoin(ssoCompanies, eq(ssoCompanies.id, ssoRoles.companyId))
    .where(eq(ssoRoles.id, id));
  if (!row) throw notFound('sso.roleNotFound');
  return toRole(row);
}

async function assertRoleNameFree(db: Db, body: RoleInput, exceptId?: number) {
  const [clash] = await db
    .select({ id: ssoRoles.id })
    .from(ssoRoles)
    .where(
      and(
        eq(ssoRoles.companyId, body.companyId),
        sql`lower(${ssoRoles.name}) = lower(${body.name})`,
        exceptId ? ne(ssoRoles.id, exceptId) : undefined,
      ),
    );
  if (clash) throw conflict('sso.roleNameTaken', 'name');
}

export async function createRole(db: Db, body: RoleInput, now: Date): Promise<Role> {
  await getCompany(db, body.companyId, 'companyId');
  await assertRoleNameFree(db, body);
  const [row] = await db
    .insert(ssoRoles)
    .values({ ...body, createdAt: now, updatedAt: now })
    .returning();
  return getRole(db, row.id);
}

export async function updateRole(db: Db, id: number, body: RoleInput, now: Date) {
  const before = await getRole(db, id);
  await getCompany(db, body.companyId, 'companyId');
  // Moving a role its users hold to another company would leave them holding another company's role.
  if (body.companyId !== before.companyId && before.userCount > 0)
    throw badRequest('sso.roleOtherCompany', 'companyId');
  await assertRoleNameFree(db, body, id);
  await db
    .update(ssoRoles)
    .set({ ...body, updatedAt: now })
    .where(eq(ssoRoles.id, id));
  return { before, after: await getRole(db, id) };
}

export async function deleteRole(db: Db, id: number): Promise<Role> {
  const role = await getRole(db, id);
  if (role.userCount > 0) throw conflict('sso.roleInUse');
  await db.delete(ssoRoles).where(eq(ssoRoles.id, id));
  return role;
}

/** The pages of these roles (for the grant check: nobody hands out more than they hold). */
export async function pagesOfRoles(db: Db, ids: readonly number[]): Promise<RoleRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(ssoRoles)
    .where(inArray(ssoRoles.id, [...ids]));
}

// ---- SSO users

/**
 * The pages a signed-in staff account's SSO roles name: none when it is no SSO user, or the SSO
 * user or their company is disabled. The session's access adds what these pages need.
 */
export async function ssoPagesOfStaff(db: Db, staffUserId: number): Promise<string[]> {
  const rows = await db
    .select({ pages: ssoRoles.pages })
    .from(ssoUsers)
    .innerJoin(ssoCompanies, eq(ssoCompanies.id, ssoUsers.companyId))
    .innerJoin(ssoUserRoles, eq(ssoUserRoles.userId, ssoUsers.id))
    .innerJoin(ssoRoles, eq(ssoRoles.id, ssoUserRoles.roleId))
    .where(and(eq(ssoUsers.staffUserId, staffUserId), eq(ssoUsers.enabled, true), eq(ssoCompanies.enabled, true)));
  return [...new Set(rows.flatMap((r) => r.pages))];
}

async function usersView(db: Db, rows: UserRow[]): Promise<User[]> {
  if (rows.length === 0) return [];
  const accounts = await staff.staffUsersByIds(
    db,
    rows.map((r) => r.staffUserId),
  );
  const companies = new Map(
    (
      await db
        .select({ id: ssoCompanies.id, name: ssoCompanies.name })
        .from(ssoCompanies)
        .where(inArray(ssoCompanies.id, [...new Set(rows.map((r) => r.companyId))]))
    ).map((c) => [c.id, c.name]),
  );
  const held = await db
    .select({ userId: ssoUserRoles.userId, id: ssoRoles.id, name: ssoRoles.name })
    .from(ssoUserRoles)
    .innerJoin(ssoRoles, eq(ssoRoles.id, ssoUserRoles.roleId))
    .where(
      inArray(
        ssoUserRoles.userId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(ssoRoles.id));
  return rows.map((r) => {
    const account = accounts.get(r.staffUserId);
    return {
      id: r.id,
      staffUserId: r.staffUserId,
      username: account?.username ?? '',
      email: account?.email ?? '',
      name: account?.name ?? null,
      companyId: r.companyId,
      companyName: companies.get(r.companyId) ?? '',
      roles: held.filter((h) => h.userId === r.id).map(({ id, name }) => ({ id, name })),
      consoleRole: account?.role ?? null,
      enabled: r.enabled,
      createdAt: r.createdAt,
      lastLoginAt: account?.lastLoginAt ?? null,
    };
  });
}

export async function listUsers(db: Db, q: { companyId?: number; email?: string; page: number; pageSize: number }) {
  const staffIds = q.email ? await staff.staffIdsByEmail(db, q.email) : undefined;
  const page = await paginate(db, {
    from: ssoUsers,
    filters: [
      q.companyId ? eq(ssoUsers.companyId, q.companyId) : undefined,
      staffIds ? (staffIds.length ? inArray(ssoUsers.staffUserId, staffIds) : sql`false`) : undefined,
    ],
    orderBy: [desc(ssoUsers.id)],
    page: q.page,
    pageSize: q.pageSize,
  });
  return {
    list: await usersView(db, page.rows),
    pagination: { page: page.page, pageSize: page.pageSize, total: page.total },
  };
}

export async function getUserRow(db: Db, id: number): Promise<UserRow> {
  const [row] = await db.select().from(ssoUsers).where(eq(ssoUsers.id, id));
  if (!row) throw notFound('sso.userNotFound');
  return row;
}

export async function getUser(db: Db, id: number): Promise<User> {
  const [user] = await usersView(db, [await getUserRow(db, id)]);
  return user;
}

/** The user's company must exist and take the email's domain, and the roles must be the company's. */
export async function assertUserFits(db: Db, body: { companyId: number; roleIds: number[] }, email: string) {
  const company = await getCompany(db, body.companyId, 'companyId');
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (company.emailDomains.length > 0 && !company.emailDomains.includes(domain))
    throw badRequest('sso.emailDomain', 'email');
  const roles = await pagesOfRoles(db, body.roleIds);
  if (roles.length !== body.roleIds.length) throw badRequest('sso.roleNotFound', 'roleIds');
  if (roles.some((r) => r.companyId !== body.companyId)) throw badRequest('sso.roleOtherCompany', 'roleIds');
  return roles;
}

export async function setUserRoles(db: Db, userId: number, roleIds: number[]) {
  await db.delete(ssoUserRoles).where(eq(ssoUserRoles.userId, userId));
  if (roleIds.length) await db.insert(ssoUserRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
}

export async function insertUser(
  db: Db,
  values: { staffUserId: number; companyId: number; enabled: boolean },
  now: Date,
): Promise<UserRow> {
  const [row] = await db
    .insert(ssoUsers)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning();
  return row;
}

export async function updateUserRow(db: Db, id: number, values: { companyId: number; enabled: boolean }, now: Date) {
  await db
    .update(ssoUsers)
    .set({ ...values, updatedAt: now })
    .where(eq(ssoUsers.id, id));
}
