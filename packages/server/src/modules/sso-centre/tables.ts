import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, unique } from 'drizzle-orm/pg-core';
import { at } from '../../platform/db/columns.js';

/** Studios or tenants whose staff sign in through the provider. */
export const ssoCompanies = pgTable('sso_companies', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  /** Lower-case domains its users' emails are in (empty: any). */
  emailDomains: jsonb().$type<string[]>().notNull().default([]),
  enabled: boolean().notNull().default(true),
  createdAt: at().notNull(),
  updatedAt: at().notNull(),
});

/** A named set of console pages (route names of the page registry), per company. */
export const ssoRoles = pgTable(
  'sso_roles',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => ssoCompanies.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    pages: jsonb().$type<string[]>().notNull().default([]),
    createdAt: at().notNull(),
    updatedAt: at().notNull(),
  },
  (t) => [unique().on(t.companyId, t.name)],
);

/**
 * A person who signs in through the provider. Their identity (email, name, console role, status)
 * is their staff account's, which the staff area owns: `staffUserId` names it (no foreign key
 * across areas; the staff area never deletes accounts).
 */
export const ssoUsers = pgTable(
  'sso_users',
  {
    id: serial().primaryKey(),
    staffUserId: integer().notNull().unique(),
    companyId: integer()
      .notNull()
      .references(() => ssoCompanies.id, { onDelete: 'restrict' }),
    enabled: boolean().notNull().default(true),
    createdAt: at().notNull(),
    updatedAt: at().notNull(),
  },
  (t) => [index().on(t.companyId)],
);

export const ssoUserRoles = pgTable(
  'sso_user_roles',
  {
    userId: integer()
      .notNull()
      .references(() => ssoUsers.id, { onDelete: 'cascade' }),
    roleId: integer()
      .notNull()
      .references(() => ssoRoles.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index().on(t.roleId)],
);
