import { staffSources, staffStatuses } from '@rookery/contracts';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const roles = pgTable('roles', {
  id: serial().primaryKey(),
  roleName: text().notNull().unique(),
  content: jsonb().$type<string[]>().notNull().default([]),
  builtIn: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
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
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastLoginAt: timestamp({ withTimezone: true }),
    reviewedBy: text(),
    reviewedAt: timestamp({ withTimezone: true }),
    rejectReason: text(),
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
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ip: text(),
  },
  (t) => [index().on(t.userId)],
);

export const captchas = pgTable('captchas', {
  mail: text().primaryKey(),
  codeHash: text().notNull(),
  sentAt: timestamp({ withTimezone: true }).notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  tries: integer().notNull().default(0),
});

/** Failed sign-ins per key (`user:<name>` or `ip:<addr>`) within a window. */
export const loginFailures = pgTable('login_failures', {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  windowStart: timestamp({ withTimezone: true }).notNull(),
  lockedUntil: timestamp({ withTimezone: true }),
});
