import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { dummyHash, verifyPassword } from '../../platform/security/password.js';
import { newToken, sha256, sixDigitCode } from '../../platform/security/tokens.js';
import { SESSION_TTL_MS } from './service.js';
import { captchas, loginFailures, roles, staffSessions, staffUsers } from './tables.js';

const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const LOCK_MS = 15 * 60 * 1000;
const MAX_FAILURES_PER_USER = 5;
const MAX_FAILURES_PER_IP = 20;

export const CAPTCHA_TTL_MS = 10 * 60 * 1000;
export const CAPTCHA_RESEND_MS = 60 * 1000;
export const CAPTCHA_MAX_TRIES = 5;

async function isLocked(db: Db, key: string, now: Date): Promise<boolean> {
  const [row] = await db.select().from(loginFailures).where(eq(loginFailures.key, key));
  return Boolean(row?.lockedUntil && row.lockedUntil > now);
}

async function recordFailure(db: Db, key: string, max: number, now: Date) {
  const windowStart = new Date(now.getTime() - FAILURE_WINDOW_MS);
  // One statement: a fresh window resets the count, reaching the limit sets the lock.
  await db
    .insert(loginFailures)
    .values({ key, failures: 1, windowStart: now })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures: sql`case when ${loginFailures.windowStart} < ${windowStart} then 1 else ${loginFailures.failures} + 1 end`,
        windowStart: sql`case when ${loginFailures.windowStart} < ${windowStart} then ${now} else ${loginFailures.windowStart} end`,
        lockedUntil: sql`case when ${loginFailures.windowStart} >= ${windowStart} and ${loginFailures.failures} + 1 >= ${max} then ${new Date(now.getTime() + LOCK_MS)} else ${loginFailures.lockedUntil} end`,
      },
    });
}

export async function createSession(db: Db, userId: number, ip: string): Promise<string> {
  const token = newToken();
  await db
    .insert(staffSessions)
    .values({ tokenHash: sha256(token), userId, ip, expiresAt: new Date(Date.now() + SESSION_TTL_MS) });
  return token;
}

export interface CheckedCredentials {
  locked: boolean;
  /** The user whose password matched, if one did. */
  userId: number | null;
}

/**
 * Step one of sign-in, outside any transaction: the throttle check and the password hash (slow by
 * design). Unknown names are checked against a dummy hash so the answer time does not reveal them.
 */
export async function checkCredentials(
  db: Db,
  username: string,
  password: string,
  ip: string,
): Promise<CheckedCredentials> {
  const now = new Date();
  if ((await isLocked(db, `user:${username.toLowerCase()}`, now)) || (await isLocked(db, `ip:${ip}`, now)))
    return { locked: true, userId: null };
  const [user] = await db
    .select({ id: staffUsers.id, passwordHash: staffUsers.passwordHash })
    .from(staffUsers)
    .where(sql`lower(${staffUsers.username}) = lower(${username})`);
  const ok = await verifyPassword(user ? user.passwordHash : await dummyHash(), password);
  return { locked: false, userId: ok && user ? user.id : null };
}

/** Step two, in the transaction: count a failure (kept even though the call fails) or open the session. */
export async function completeLogin(db: Db, checked: CheckedCredentials, username: string, ip: string) {
  const now = new Date();
  const userKey = `user:${username.toLowerCase()}`;
  if (checked.locked) throw new AppError(429, 'auth.throttled');
  if (checked.userId === null) {
    await recordFailure(db, userKey, MAX_FAILURES_PER_USER, now);
    await recordFailure(db, `ip:${ip}`, MAX_FAILURES_PER_IP, now);
    throw new AppError(400, 'auth.badCredentials', { commit: true });
  }
  const [row] = await db
    .select({ user: staffUsers, content: roles.content })
    .from(staffUsers)
    .leftJoin(roles, eq(roles.roleName, staffUsers.role))
    .where(eq(staffUsers.id, checked.userId));
  const u = row.user;
  if (u.status === 'disabled') throw new AppError(403, 'auth.disabled');
  if (u.status === 'rejected') throw new AppError(403, 'auth.rejected');
  if (u.status === 'pending') throw new AppError(403, 'auth.pending');
  await db.delete(loginFailures).where(eq(loginFailures.key, userKey));
  await db.update(staffUsers).set({ lastLoginAt: now }).where(eq(staffUsers.id, u.id));
  const token = await createSession(db, u.id, ip);
  return { token, user: { userId: u.id, access: u.role ? [u.role, ...(row.content ?? [])] : [] }, error: null };
}

/** A 6-digit code, valid 10 minutes, at most one per 60 s per address (enforced here, not only by the button). */
export async function sendCaptcha(db: Db, mailer: Mailer, mail: string) {
  const now = new Date();
  const key = mail.toLowerCase();
  const [existing] = await db.select().from(captchas).where(eq(captchas.mail, key));
  if (existing && now.getTime() - existing.sentAt.getTime() < CAPTCHA_RESEND_MS)
    throw new AppError(429, 'captcha.wait');
  const code = sixDigitCode();
  const row = {
    mail: key,
    codeHash: sha256(`${key}:${code}`),
    sentAt: now,
    expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS),
    tries: 0,
  };
  await db.insert(captchas).values(row).onConflictDoUpdate({ target: captchas.mail, set: row });
  await mailer.send(
    db,
    {
      to: mail,
      subject: 'Rookery 注册验证码 / registration code',
      body: `您的验证码是 ${code}，10 分钟内有效。\nYour registration code is ${code}. It is valid for 10 minutes.`,
    },
    { secret: code },
  );
  return { sent: true as const, retryAfter: CAPTCHA_RESEND_MS / 1000 };
}

/**
 * Check a code. The try is counted first, in one statement, so concurrent guesses cannot exceed
 * the limit; a wrong code keeps the count even though the call fails; a right one is used up.
 */
export async function consumeCaptcha(db: Db, mail: string, code: string) {
  const key = mail.toLowerCase();
  const invalid = (k: string, commit = false) =>
    new AppError(400, k, { commit, fields: [{ field: 'captcha', message: k }] });
  const [row] = await db
    .update(captchas)
    .set({ tries: sql`${captchas.tries} + 1` })
    .where(and(eq(captchas.mail, key), gt(captchas.expiresAt, new Date()), lt(captchas.tries, CAPTCHA_MAX_TRIES)))
    .returning();
  if (!row) {
    const [spent] = await db.select({ tries: captchas.tries }).from(captchas).where(eq(captchas.mail, key));
    throw invalid(spent && spent.tries >= CAPTCHA_MAX_TRIES ? 'captcha.tooManyTries' : 'captcha.invalid');
  }
  if (row.codeHash !== sha256(`${key}:${code}`)) throw invalid('captcha.invalid', true);
  await db.delete(captchas).where(eq(captchas.mail, key));
}
