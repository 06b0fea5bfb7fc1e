import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at } from '../../platform/db/columns.js';

/**
 * A sign-in started at the OpenID provider and not finished yet: what the callback must check
 * (the state, stored as its SHA-256), the nonce and the PKCE verifier. Used once, then deleted;
 * unfinished ones are pruned after they expire.
 */
export const ssoSignInRequests = pgTable(
  'sso_sign_in_requests',
  {
    stateHash: text().primaryKey(),
    nonce: text().notNull(),
    codeVerifier: text().notNull(),
    redirectUri: text().notNull(),
    /** The console page to open afterwards. */
    target: text(),
    createdAt: at().notNull(),
    expiresAt: at().notNull(),
  },
  (t) => [index().on(t.expiresAt)],
);

/** Which provider account (issuer, subject) signed in as which staff account. */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    issuer: text().notNull(),
    subject: text().notNull(),
    /** The staff account (`staff_users.id`; another area's table, so no foreign key). */
    userId: integer().notNull(),
    email: text().notNull(),
    linkedAt: at().notNull(),
    lastSignInAt: at().notNull(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index().on(t.userId)],
);

/**
 * A console session opened through the provider: the ID token it came with, sent back as
 * `id_token_hint` when signing out ends the provider's session too (RP-initiated logout).
 */
export const ssoSessions = pgTable(
  'sso_sessions',
  {
    /** The staff session's token hash. */
    sessionHash: text().primaryKey(),
    idToken: text().notNull(),
    createdAt: at().notNull(),
    expiresAt: at().notNull(),
  },
  (t) => [index().on(t.expiresAt)],
);

/**
 * A staff account's authenticator (TOTP, RFC 6238). The key must be readable to check codes; it
 * is never sent again after the set-up. `confirmedAt` null: set up started, not yet on.
 * `lastTimeStep`: the newest code's time step accepted, so a code is used once.
 */
export const staffTwoFactor = pgTable('staff_two_factor', {
  userId: integer().primaryKey(),
  secret: text().notNull(),
  confirmedAt: at(),
  lastTimeStep: integer(),
  createdAt: at().notNull(),
});

/** Single-use recovery codes, stored as SHA-256 of (user id, code). */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    userId: integer().notNull(),
    codeHash: text().notNull(),
    usedAt: at(),
    createdAt: at().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/** The roles whose users must sign in with a second factor (marked by an administrator). */
export const twoFactorRoles = pgTable('two_factor_roles', {
  roleName: text().primaryKey(),
  markedBy: text().notNull(),
  markedAt: at().notNull(),
});
