import { randomInt } from 'node:crypto';
import { auditTarget, type twoFactorEndpoints } from '@rookery/contracts';
import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Db } from '../../platform/db/client.js';
import type { Handlers } from '../../platform/http/endpoints.js';
import { AppError } from '../../platform/http/errors.js';
import type { SecondFactorCheck, SecondFactorOutcome } from '../../platform/http/session.js';
import { sha256 } from '../../platform/security/tokens.js';
import { findRoleByName, getStaffUserRow } from '../staff/service.js';
import { staffRecoveryCodes, staffTwoFactor, twoFactorRoles } from './tables.js';

const ISSUER = 'Rookery';
const RECOVERY_CODES = 10;
/** RFC 6238's 30-second step; one step either side is accepted for clock drift. */
const PERIOD = 30;
const TOLERANCE = PERIOD;

const recoveryHash = (userId: number, code: string) => sha256(`${userId}:${code.replace(/[\s-]/g, '').toLowerCase()}`);

/** Ten codes like `k3f9-x2mq`: 40 bits each, from an alphabet without look-alikes. */
function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const one = () => Array.from({ length: 8 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return Array.from({ length: RECOVERY_CODES }, () => {
    const c = one();
    return `${c.slice(0, 4)}-${c.slice(4)}`;
  });
}

const otpauthUrl = (username: string, secret: string) =>
  generateURI({ issuer: ISSUER, label: username, secret, period: PERIOD });

/** The time step a 6-digit code matches at `now`, or null. */
async function matchingStep(secret: string, code: string, now: Date): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE,
    period: PERIOD,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Accept a code's step once: only a step newer than the last one accepted (one statement). */
async function takeStep(db: Db, userId: number, step: number): Promise<boolean> {
  const taken = await db
    .update(staffTwoFactor)
    .set({ lastTimeStep: step })
    .where(
      and(
        eq(staffTwoFactor.userId, userId),
        or(isNull(staffTwoFactor.lastTimeStep), lt(staffTwoFactor.lastTimeStep, step)),
      ),
    )
    .returning({ userId: staffTwoFactor.userId });
  return taken.length === 1;
}

async function makeRecoveryCodes(db: Db, userId: number, now: Date): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
  await db
    .insert(staffRecoveryCodes)
    .values(codes.map((c) => ({ userId, codeHash: recoveryHash(userId, c), createdAt: now })));
  return codes;
}

async function roleRequires(db: Db, role: string | null): Promise<boolean> {
  if (!role) return false;
  const [row] = await db.select().from(twoFactorRoles).where(eq(twoFactorRoles.roleName, role));
  return Boolean(row);
}

/** Start (or restart) a set-up: a new key, not on until a code from it is confirmed. */
async function startSetUp(db: Db, user: { id: number; username: string }, now: Date) {
  const secret = generateSecret();
  await db
    .insert(staffTwoFactor)
    .values({ userId: user.id, secret, confirmedAt: null, lastTimeStep: null, createdAt: now })
    .onConflictDoUpdate({
      target: staffTwoFactor.userId,
      set: { secret, confirmedAt: null, lastTimeStep: null, createdAt: now },
    });
  return { secret, otpauthUrl: otpauthUrl(user.username, secret) };
}

/** Turn a started set-up on with a code from it: the recovery codes, or null for a wrong code. */
async function confirmSetUp(db: Db, userId: number, secret: string, code: string, now: Date) {
  const step = await matchingStep(secret, code, now);
  if (step === null || !(await takeStep(db, userId, step))) return null;
  await db.update(staffTwoFactor).set({ confirmedAt: now }).where(eq(staffTwoFactor.userId, userId));
  return makeRecoveryCodes(db, userId, now);
}

/**
 * The second factor at a password sign-in (installed as `app.secondFactor`): an account with an
 * authenticator gives a code (or a recovery code, used once); an account whose role requires one
 * and has none sets it up in the sign-in itself (key shown, then a code from it).
 */
export const checkSecondFactor: SecondFactorCheck = async (db, user, code, now): Promise<SecondFactorOutcome> => {
  const [factor] = await db.select().from(staffTwoFactor).where(eq(staffTwoFactor.userId, user.id));
  if (factor?.confirmedAt) {
    if (!code) return { kind: 'required' };
    if (/^\d{6}$/.test(code)) {
      const step = await matchingStep(factor.secret, code, now);
      if (step === null) return { kind: 'wrong' };
      return (await takeStep(db, user.id, step)) ? { kind: 'ok' } : { kind: 'reused' };
    }
    const [used] = await db
      .update(staffRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(staffRecoveryCodes.userId, user.id),
          eq(staffRecoveryCodes.codeHash, recoveryHash(user.id, code)),
          isNull(staffRecoveryCodes.usedAt),
        ),
      )
      .returning({ userId: staffRecoveryCodes.userId });
    return used ? { kind: 'ok' } : { kind: 'wrong' };
  }
  if (!(await roleRequires(db, user.role))) return { kind: 'ok' };
  if (!code || !factor) return { kind: 'enrol', ...(await startSetUp(db, user, now)) };
  const recoveryCodes = await confirmSetUp(db, user.id, factor.secret, code, now);
  return recoveryCodes ? { kind: 'ok', recoveryCodes } : { kind: 'wrong' };
};

/** One's own authenticator, the administrator's reset and the roles that require it. */
export const twoFactorHandlers: Handlers<typeof twoFactorEndpoints> = {
  getMyTwoFactor: async ({ db, session }) => {
    const [factor] = await db.select().from(staffTwoFactor).where(eq(staffTwoFactor.userId, session!.userId));
    const [left] = await db
      .select({ n: count() })
      .from(staffRecoveryCodes)
      .where(and(eq(staffRecoveryCodes.userId, session!.userId), isNull(staffRecoveryCodes.usedAt)));
    return {
      enabled: Boolean(factor?.confirmedAt),
      required: await roleRequires(db, session!.role),
      recoveryCodesLeft: factor?.confirmedAt ? left.n : 0,
    };
  },
  startMyTwoFactor: async ({ db, session, now, audit }) => {
    const [factor] = await db.select().from(staffTwoFactor).where(eq(staffTwoFactor.userId, session!.userId));
    if (factor?.confirmedAt) throw new AppError(409, 'totp.alreadyOn');
    const started = await startSetUp(db, { id: session!.userId, username: session!.username }, now);
    audit({ target: auditTarget('staff', session!.username) });
    return started;
  },
  confirmMyTwoFactor: async ({ db, session, body, now, audit }) => {
    const [factor] = await db.select().from(staffTwoFactor).where(eq(staffTwoFactor.userId, session!.userId));
    if (factor?.confirmedAt) throw new AppError(409, 'totp.alreadyOn');
    if (!factor) throw new AppError(409, 'totp.notStarted');
    const recoveryCodes = await confirmSetUp(db, session!.userId, factor.secret, body.code, now);
    if (!recoveryCodes)
      throw new AppError(400, 'totp.invalid', { fields: [{ field: 'code', message: 'totp.invalid' }] });
    audit({ target: auditTarget('staff', session!.username), after: { enabled: true } });
    return { recoveryCodes };
  },
  resetStaffTwoFactor: async ({ db, params, audit }) => {
    const user = await getStaffUserRow(db, params.id);
    const [factor] = await db.select().from(staffTwoFactor).where(eq(staffTwoFactor.userId, user.id));
    await db.delete(staffTwoFactor).where(eq(staffTwoFactor.userId, user.id));
    await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, user.id));
    audit({
      target: auditTarget('staff', user.username),
      before: { enabled: Boolean(factor?.confirmedAt) },
      after: { enabled: false },
    });
    return { ok: true as const };
  },
  getTwoFactorRoles: async ({ db }) => ({
    roles: (await db.select().from(twoFactorRoles).orderBy(twoFactorRoles.roleName)).map((r) => r.roleName),
  }),
  setTwoFactorRoles: async ({ db, body, session, now, audit }) => {
    const wanted = [...new Set(body.roles)];
    for (const [i, name] of wanted.entries())
      if (!(await findRoleByName(db, name)))
        throw new AppError(400, 'totp.unknownRole', { fields: [{ field: `roles.${i}`, message: 'totp.unknownRole' }] });
    const before = (await db.select().from(twoFactorRoles)).map((r) => r.roleName).sort();
    await db.delete(twoFactorRoles).where(wanted.length ? sql`${twoFactorRoles.roleName} not in ${wanted}` : sql`true`);
    const added = wanted.filter((r) => !before.includes(r));
    if (added.length)
      await db
        .insert(twoFactorRoles)
        .values(added.map((roleName) => ({ roleName, markedBy: session!.username, markedAt: now })));
    const roles = [...wanted].sort();
    audit({ target: auditTarget('twoFactorRoles', 'all'), before: { roles: before }, after: { roles } });
    return { roles };
  },
};
