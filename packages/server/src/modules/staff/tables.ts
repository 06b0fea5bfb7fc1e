import { staffSources, staffStatuses } from '@rookery/contracts';
import { boolean, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { at } from '../../platform/db/columns.js';

export const roles = pgTable('roles', {
  id: serial().primaryKey(),
  roleName: text().notNull().unique(),
  content: jsonb().$type<string[]>().notNull().default([]),
  builtIn: boolean().notNull().default(false),
  createdAt: at().notNull(),
  updatedAt: at().notNull(),
});

export const staffUsers = pgTable(
  'staff_users',
  {
    id: serial().primaryKey(),
    username: text().notNull().unique(),
    passwordHash: text().notNull(),
    role: text().references(() => roles.roleName, { onUpdate: 'cascade', onDelete: 'restrict' }),
    email: text().unique(),
    phoneNumber: text(),
    name: text(),
    avatar: text(),
    /** active | disabled | pending | rejected */
    status: text({ enum: staffStatuses }).notNull().default('active'),
    /** `register`: came through self-registration and approval; `console`: created by an admin. */
    source: text({ enum: staffSources }).notNull().default('console'),
    createdAt: at().notNull(),
    lastLoginAt: at(),
    reviewedBy: text(),
    reviewedAt: at(),
    rejectReason: text(),
    /**
     * False: this account signs in only through the OpenID provider (the sso area sets it at each
     * such sign-in when `OIDC_NO_PASSWORD` is on); a right password is then refused.
     */
    passwordSignIn: boolean().notNull().default(true),
  },
  (t) => [index().on(t.status), index().on(t.role)],
);

/** Sessions are stored only as the SHA-256 of their token. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    createdAt: at().notNull(),
    expiresAt: at().notNull(),
    ip: text(),
  },
  (t) => [index().on(t.userId)],
);

export const captchas = pgTable('captchas', {
  mail: text().primaryKey(),
  codeHash: text().notNull(),
  sentAt: at().notNull(),
  expiresAt: at().notNull(),
  tries: integer().notNull().default(0),
});

/** Failed sign-ins per key (`user:<name>` or `ip:<addr>`) within a window. */
export const loginFailures = pgTable('login_failures', {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  windowStart: at().notNull(),
  lockedUntil: at(),
});
