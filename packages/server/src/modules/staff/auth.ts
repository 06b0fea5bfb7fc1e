import { and, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { accessOf, type SecondFactorCheck } from '../../platform/http/session.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { dummyHash, verifyPassword } from '../../platform/security/password.js';
import { newToken, sha256, sixDigitCode } from '../../platform/security/tokens.js';
import { SESSION_TTL_MS } from './service.js';
import { captchas, loginFailures, roles, staffSessions, staffUsers } from './tables.js';

const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const LOCK_MS = 15 * 60 * 1000;
/** Attempts one address gets at one user name per window before that pair is locked. */
export const MAX_ATTEMPTS_PER_USER_AND_IP = 5;
/** Failures at one user name from all addresses before the slower, growing back-off starts. */
export const USER_BACKOFF_AFTER = 20;
const MAX_FAILURES_PER_IP = 20;

export const CAPTCHA_TTL_MS = 10 * 60 * 1000;
export const CAPTCHA_RESEND_MS = 60 * 1000;
export const CAPTCHA_MAX_TRIES = 5;

const userKey = (username: string) => `user:${username.toLowerCase()}`;
const pairKey = (username: string, ip: string) => `user:${username.toLowerCase()}|ip:${ip}`;

async function isLocked(db: Db, key: string, now: Date): Promise<boolean> {
  const [row] = await db.select().from(loginFailures).where(eq(loginFailures.key, key));
  return Boolean(row?.lockedUntil && row.lockedUntil > now);
}

/** A window that has run out and locks nothing starts again from one. */
const staleWindow = (now: Date) =>
  sql`(${loginFailures.windowStart} < ${new Date(now.getTime() - FAILURE_WINDOW_MS)} and (${loginFailures.lockedUntil} is null or ${loginFailures.lockedUntil} <= ${now}))`;

/**
 * One more failure at `key`, in one statement: a fresh window resets the count to one, and
 * `lockedUntil` (given whether the window is stale) says what the lock becomes.
 */
function addFailure(db: Db, key: string, now: Date, lockedUntil: (stale: SQL) => SQL) {
  const stale = staleWindow(now);
  return db
    .insert(loginFailures)
    .values({ key, failures: 1, windowStart: now })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures: sql`case when ${stale} then 1 else ${loginFailures.failures} + 1 end`,
        windowStart: sql`case when ${stale} then ${now} else ${loginFailures.windowStart} end`,
        lockedUntil: lockedUntil(stale),
      },
    });
}

/**
 * Count one sign-in attempt of this address at this user name, in one statement and before the
 * password is verified (as the captcha's tries are): concurrent attempts cannot pass the limit,
 * because each one sees the count its own increment produced. The attempt that reaches the limit
 * sets the lock; a successful sign-in clears the pair.
 */
async function countAttempt(db: Db, key: string, now: Date): Promise<boolean> {
  const [row] = await addFailure(
    db,
    key,
    now,
    (stale) =>
      sql`case when ${stale} then null when ${loginFailures.lockedUntil} > ${now} then ${loginFailures.lockedUntil} when ${loginFailures.failures} + 1 >= ${MAX_ATTEMPTS_PER_USER_AND_IP} then ${new Date(now.getTime() + LOCK_MS)} else ${loginFailures.lockedUntil} end`,
  ).returning({ failures: loginFailures.failures });
  return row.failures <= MAX_ATTEMPTS_PER_USER_AND_IP;
}

/** One failure at `key`; reaching `max` in the window locks it until `lockUntil` (an SQL time). */
async function recordFailure(db: Db, key: string, max: number, now: Date, lockUntil: SQL) {
  await addFailure(
    db,
    key,
    now,
    (stale) =>
      sql`case when ${stale} then null when ${loginFailures.failures} + 1 >= ${max} then greatest(${loginFailures.lockedUntil}, ${lockUntil}) else ${loginFailures.lockedUntil} end`,
  );
}

export async function createSession(db: Db, userId: number, ip: string, now: Date): Promise<string> {
  const token = newToken();
  await db.insert(staffSessions).values({
    tokenHash: sha256(token),
    userId,
    ip,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  });
  return token;
}

/**
 * Sign in an account the OpenID provider vouched for: its last sign-in, whether it may still use
 * a password, and a new session (the token).
 */
export async function openProviderSession(
  db: Db,
  userId: number,
  passwordSignIn: boolean,
  ip: string,
  now: Date,
): Promise<string> {
  await db.update(staffUsers).set({ lastLoginAt: now, passwordSignIn }).where(eq(staffUsers.id, userId));
  return createSession(db, userId, ip, now);
}

export interface CheckedCredentials {
  locked: boolean;
  /** The active user whose password matched, if one did. */
  userId: number | null;
  /** The password matched an account that signs in only through the OpenID provider. */
  ssoOnly?: boolean;
}

/**
 * Step one of sign-in, outside any transaction: the throttle (the address, the user name's
 * back-off, then this attempt counted for the pair) and the password hash (slow by design).
 * Unknown names are checked against a dummy hash so the answer time does not reveal them; an
 * account that is not active fails exactly like a wrong password, so the right password does not
 * reveal its state.
 */
export async function checkCredentials(
  db: Db,
  username: string,
  password: string,
  ip: string,
  now: Date,
): Promise<CheckedCredentials> {
  if ((await isLocked(db, `ip:${ip}`, now)) || (await isLocked(db, userKey(username), now)))
    return { locked: true, userId: null };
  if (!(await countAttempt(db, pairKey(username, ip), now))) return { locked: true, userId: null };
  const [user] = await db
    .select({
      id: staffUsers.id,
      passwordHash: staffUsers.passwordHash,
      status: staffUsers.status,
      passwordSignIn: staffUsers.passwordSignIn,
    })
    .from(staffUsers)
    .where(sql`lower(${staffUsers.username}) = lower(${username})`);
  const ok = await verifyPassword(user ? user.passwordHash : await dummyHash(), password);
  if (ok && user?.status === 'active' && !user.passwordSignIn) return { locked: false, userId: null, ssoOnly: true };
  return { locked: false, userId: ok && user?.status === 'active' ? user.id : null };
}

/**
 * Step two, in the transaction: count a failure (kept even though the call fails) or open the
 * session. The user name's own count backs off slowly across addresses: from the 20th failure in
 * the window on, each failure locks the name for 2^(n − 19) seconds (2 s, 4 s, …), at most 15 minutes — a
 * spray from many addresses slows down, one address cannot lock the account out everywhere.
 */
export async function completeLogin(
  db: Db,
  checked: CheckedCredentials,
  username: string,
  ip: string,
  now: Date,
  secondFactor?: { check: SecondFactorCheck; code: string | undefined },
) {
  if (checked.locked) throw new AppError(429, 'auth.throttled');
  const badCredentials = async () => {
    const backoff = sql`${now}::timestamptz + make_interval(secs => least(${LOCK_MS / 1000}, power(2, ${loginFailures.failures} + 2 - ${USER_BACKOFF_AFTER})))`;
    await recordFailure(db, userKey(username), USER_BACKOFF_AFTER, now, backoff);
    await recordFailure(
      db,
      `ip:${ip}`,
      MAX_FAILURES_PER_IP,
      now,
      sql`${new Date(now.getTime() + LOCK_MS)}::timestamptz`,
    );
    return new AppError(400, 'auth.badCredentials', { commit: true });
  };
  // Only the right password learns that the account uses single sign-on (nothing is counted).
  if (checked.ssoOnly) throw new AppError(400, 'sso.passwordOff');
  if (checked.userId === null) throw await badCredentials();
  const [row] = await db
    .select({ user: staffUsers, content: roles.content })
    .from(staffUsers)
    .leftJoin(roles, eq(roles.roleName, staffUsers.role))
    .where(eq(staffUsers.id, checked.userId));
  // Disabled between the two steps: the same answer as a wrong password.
  if (row?.user.status !== 'active') throw await badCredentials();
  const u = row.user;
  // The second factor (issue 46), once the password was right: a wrong or reused code counts as a
  // failed sign-in; asking for one (or for setting one up) keeps what it wrote and opens nothing.
  let recoveryCodes: string[] | undefined;
  if (secondFactor) {
    const outcome = await secondFactor.check(db, u, secondFactor.code, now);
    if (outcome.kind === 'wrong' || outcome.kind === 'reused') {
      await badCredentials();
      const key = outcome.kind === 'wrong' ? 'totp.invalid' : 'totp.reused';
      throw new AppError(400, key, { commit: true, fields: [{ field: 'code', message: key }] });
    }
    if (outcome.kind === 'required') throw new AppError(401, 'totp.required', { data: { secondFactor: 'code' } });
    if (outcome.kind === 'enrol')
      throw new AppError(401, 'totp.enrolRequired', {
        commit: true,
        data: { secondFactor: 'enrol', secret: outcome.secret, otpauthUrl: outcome.otpauthUrl },
      });
    if (outcome.kind === 'ok') recoveryCodes = outcome.recoveryCodes;
  }
  await db.delete(loginFailures).where(eq(loginFailures.key, pairKey(username, ip)));
  await db.update(staffUsers).set({ lastLoginAt: now }).where(eq(staffUsers.id, u.id));
  const token = await createSession(db, u.id, ip, now);
  return {
    token,
    user: { userId: u.id, access: accessOf(u.role, row.content) },
    error: null,
    ...(recoveryCodes ? { recoveryCodes } : {}),
  };
}

/** A 6-digit code, valid 10 minutes, at most one per 60 s per address (enforced here, not only by the button). */
export async function sendCaptcha(db: Db, mailer: Mailer, mail: string, now: Date) {
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
export async function consumeCaptcha(db: Db, mail: string, code: string, now: Date) {
  const key = mail.toLowerCase();
  const invalid = (k: string, commit = false) =>
    new AppError(400, k, { commit, fields: [{ field: 'captcha', message: k }] });
  const [row] = await db
    .update(captchas)
    .set({ tries: sql`${captchas.tries} + 1` })
    .where(and(eq(captchas.mail, key), gt(captchas.expiresAt, now), lt(captchas.tries, CAPTCHA_MAX_TRIES)))
    .returning();
  if (!row) {
    const [spent] = await db.select({ tries: captchas.tries }).from(captchas).where(eq(captchas.mail, key));
    throw invalid(spent && spent.tries >= CAPTCHA_MAX_TRIES ? 'captcha.tooManyTries' : 'captcha.invalid');
  }
  if (row.codeHash !== sha256(`${key}:${code}`)) throw invalid('captcha.invalid', true);
  await db.delete(captchas).where(eq(captchas.mail, key));
}
